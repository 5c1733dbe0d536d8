import { z } from 'zod';

export const ADMOB_FIELDS = [
  'androidAppId',
  'androidBannerAdUnitId',
  'androidInterstitialAdUnitId',
  'androidRewardedAdUnitId',
  'androidNativeAdUnitId',
  'iosAppId',
  'iosBannerAdUnitId',
  'iosInterstitialAdUnitId',
  'iosRewardedAdUnitId',
  'iosNativeAdUnitId',
] as const;

export const API_KEY_FIELDS = [
  'spotifyClientId',
  'spotifyClientSecret',
  'appleMusicKey',
  'lastFmApiKey',
  'googleAnalyticsId',
  'facebookPixelId',
  'firebaseServerKey',
  'oneSignalAppId',
  'oneSignalApiKey',
  'stripePublishableKey',
  'stripeSecretKey',
  'paypalClientId',
  'paypalClientSecret',
  'doSpacesAccessKey',
  'doSpacesSecretKey',
  'doSpacesBucket',
  'doSpacesRegion',
  'doSpacesEndpoint',
  'twitterApiKey',
  'twitterApiSecret',
  'facebookAppId',
  'facebookAppSecret',
  'sendgridApiKey',
  'mailgunApiKey',
  'mailgunDomain',
  'twilioAccountSid',
  'twilioAuthToken',
  'twilioPhoneNumber',
] as const;

/** Write-only fields: encrypted at rest, answered masked. Identifiers that are public by nature are not here. */
export const SECRET_API_KEY_FIELDS = [
  'spotifyClientSecret',
  'appleMusicKey',
  'lastFmApiKey',
  'firebaseServerKey',
  'oneSignalApiKey',
  'stripeSecretKey',
  'paypalClientSecret',
  'doSpacesAccessKey',
  'doSpacesSecretKey',
  'twitterApiKey',
  'twitterApiSecret',
  'facebookAppSecret',
  'sendgridApiKey',
  'mailgunApiKey',
  'twilioAuthToken',
] as const satisfies readonly (typeof API_KEY_FIELDS)[number][];

/** A masked secret reads as this prefix plus the secret's last 4 characters. */
export const SECRET_MASK = '••••••••';

export const SETTINGS_DEFAULTS = {
  doSpacesRegion: 'blr1',
  doSpacesEndpoint: 'https://blr1.digitaloceanspaces.com',
} as const;

const settingValue = z.string().max(4096, 'Must be at most 4096 characters');
const section = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, settingValue])) as Record<K, typeof settingValue>);

export const settingsSchema = z.strictObject({
  admob: section(ADMOB_FIELDS),
  apiKeys: section(API_KEY_FIELDS),
});
export type Settings = z.infer<typeof settingsSchema>;
export type ApiKeyField = (typeof API_KEY_FIELDS)[number];
