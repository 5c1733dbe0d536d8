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

/** The cloud-storage card's fields, as POST /api/settings/storage/test takes them. */
export const STORAGE_FIELDS = [
  'doSpacesAccessKey',
  'doSpacesSecretKey',
  'doSpacesBucket',
  'doSpacesRegion',
  'doSpacesEndpoint',
] as const satisfies readonly ApiKeyField[];
export type StorageField = (typeof STORAGE_FIELDS)[number];

/** The storage values in the form; a secret still showing its mask means "the stored one". */
export const storageTestInputSchema = z.strictObject(
  Object.fromEntries(STORAGE_FIELDS.map((k) => [k, settingValue])) as Record<
    StorageField,
    typeof settingValue
  >,
);
export type StorageTestInput = z.infer<typeof storageTestInputSchema>;

export const storageTestResultSchema = z.object({ ok: z.literal(true), message: z.string() });
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

/** Which part of the storage settings a failed test points at (`details.part` of the 400). */
export const STORAGE_TEST_PARTS = ['credentials', 'bucket', 'endpoint'] as const;
export type StorageTestPart = (typeof STORAGE_TEST_PARTS)[number];
export const STORAGE_TEST_FAILED = 'STORAGE_TEST_FAILED';
export interface StorageTestFailureDetails {
  part: StorageTestPart;
  /** The form fields to look at. */
  fields: StorageField[];
}
