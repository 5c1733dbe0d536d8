import {
  type ADMOB_FIELDS,
  type ApiKeyField,
  SECRET_API_KEY_FIELDS,
  type StorageField,
} from '../../../contract/settings';

type AdmobField = (typeof ADMOB_FIELDS)[number];

/** One input of the settings screen: where its value lives and how it is labelled. */
export type SettingInput =
  | { section: 'admob'; name: AdmobField; label: string; group?: string }
  | { section: 'apiKeys'; name: ApiKeyField; label: string; group?: string };

const SECRETS: ReadonlySet<string> = new Set(SECRET_API_KEY_FIELDS);
export const isSecret = (input: SettingInput) => input.section === 'apiKeys' && SECRETS.has(input.name);

const admob = (platform: 'android' | 'ios', group: string): SettingInput[] => [
  { section: 'admob', name: `${platform}AppId`, label: 'App ID', group },
  { section: 'admob', name: `${platform}BannerAdUnitId`, label: 'Banner Ad Unit ID', group },
  { section: 'admob', name: `${platform}InterstitialAdUnitId`, label: 'Interstitial Ad Unit ID', group },
  { section: 'admob', name: `${platform}RewardedAdUnitId`, label: 'Rewarded Ad Unit ID', group },
  { section: 'admob', name: `${platform}NativeAdUnitId`, label: 'Native Ad Unit ID', group },
];

const key = (name: ApiKeyField, label: string): SettingInput => ({ section: 'apiKeys', name, label });

/** The four cards of the spec (section 2). Other key fields exist in the data but have no inputs here. */
export const SETTINGS_CARDS = [
  {
    id: 'admob',
    title: 'AdMob Configuration',
    description: 'Ad unit IDs of the mobile app, per platform.',
    inputs: [...admob('android', 'Android'), ...admob('ios', 'iOS')],
  },
  {
    id: 'push',
    title: 'Push Notifications',
    description: 'Firebase Cloud Messaging and OneSignal.',
    inputs: [
      key('firebaseServerKey', 'Firebase Server Key'),
      key('oneSignalAppId', 'OneSignal App ID'),
      key('oneSignalApiKey', 'OneSignal API Key'),
    ],
  },
  {
    id: 'storage',
    title: 'Cloud Storage (DigitalOcean Spaces)',
    description: 'Where uploads go once every field is filled in.',
    inputs: [
      key('doSpacesAccessKey', 'Access Key'),
      key('doSpacesSecretKey', 'Secret Key'),
      key('doSpacesBucket', 'Bucket Name'),
      key('doSpacesRegion', 'Region'),
      key('doSpacesEndpoint', 'Endpoint URL'),
    ],
  },
  {
    id: 'social',
    title: 'Social Media APIs',
    description: 'Twitter and Facebook apps.',
    inputs: [
      key('twitterApiKey', 'Twitter API Key'),
      key('twitterApiSecret', 'Twitter API Secret'),
      key('facebookAppId', 'Facebook App ID'),
      key('facebookAppSecret', 'Facebook App Secret'),
    ],
  },
] as const satisfies ReadonlyArray<{
  id: string;
  title: string;
  description: string;
  inputs: SettingInput[];
}>;

export const STORAGE_LABELS: Record<StorageField, string> = {
  doSpacesAccessKey: 'Access Key',
  doSpacesSecretKey: 'Secret Key',
  doSpacesBucket: 'Bucket Name',
  doSpacesRegion: 'Region',
  doSpacesEndpoint: 'Endpoint URL',
};

/**
 * A secret field while it still shows the stored mask: any edit replaces the mask as a whole (typing
 * after it keeps only the typed text, deleting into it clears it), so a half-edited mask never goes back
 * to the server, which would read it as "keep the stored secret".
 */
export function editMasked(mask: string, next: string): string {
  if (next.length < mask.length) return '';
  const at = next.indexOf(mask);
  return at === -1 ? next : next.slice(0, at) + next.slice(at + mask.length);
}
