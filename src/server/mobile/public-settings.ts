import {
  type AdmobConfig,
  MOBILE_UPLOAD_MAX_BYTES,
  MOBILE_UPLOAD_TYPES,
  MOBILE_UPLOAD_URL,
  type MobileConfig,
  type MobilePlatform,
  type NotificationsConfig,
  type SocialConfig,
  type StorageConfig,
} from '../../contract/mobile';
import type { Settings } from '../../contract/settings';
import { SONG_LANGUAGES } from '../../contract/songs';
import { s3SettingsFrom } from '../media/s3-settings';

/**
 * The parts of the app settings the mobile app may read. Each function picks fields by name, so a
 * secret can only reach the app by being named here; secrets only ever decide an `enabled` flag.
 */
export function admobFor(settings: Settings, platform: MobilePlatform): AdmobConfig {
  const a = settings.admob;
  return platform === 'android'
    ? {
        appId: a.androidAppId,
        bannerAdUnitId: a.androidBannerAdUnitId,
        interstitialAdUnitId: a.androidInterstitialAdUnitId,
        rewardedAdUnitId: a.androidRewardedAdUnitId,
        nativeAdUnitId: a.androidNativeAdUnitId,
      }
    : {
        appId: a.iosAppId,
        bannerAdUnitId: a.iosBannerAdUnitId,
        interstitialAdUnitId: a.iosInterstitialAdUnitId,
        rewardedAdUnitId: a.iosRewardedAdUnitId,
        nativeAdUnitId: a.iosNativeAdUnitId,
      };
}

const filled = (...values: string[]) => values.every((v) => v.trim() !== '');

export function socialFor(settings: Settings): SocialConfig {
  const k = settings.apiKeys;
  return {
    facebook: { enabled: filled(k.facebookAppId, k.facebookAppSecret), appId: k.facebookAppId },
    twitter: { enabled: filled(k.twitterApiKey, k.twitterApiSecret) },
  };
}

export function notificationsFor(settings: Settings): NotificationsConfig {
  const k = settings.apiKeys;
  return {
    oneSignal: { enabled: filled(k.oneSignalAppId, k.oneSignalApiKey), appId: k.oneSignalAppId },
    firebase: { enabled: filled(k.firebaseServerKey) },
  };
}

/** The bucket's public coordinates when storage is configured; local disk (this server) otherwise. */
export function storageFor(settings: Settings): StorageConfig {
  const s3 = s3SettingsFrom(settings.apiKeys);
  return {
    provider: s3 ? 's3' : 'local',
    endpoint: s3?.endpoint ?? '',
    bucket: s3?.bucket ?? '',
    region: s3?.region ?? '',
    uploadUrl: MOBILE_UPLOAD_URL,
    maxFileSize: MOBILE_UPLOAD_MAX_BYTES,
    allowedTypes: [...MOBILE_UPLOAD_TYPES],
  };
}

export function mobileConfigFor(settings: Settings): MobileConfig {
  return {
    apiVersion: 1,
    languages: [...SONG_LANGUAGES],
    admob: { android: admobFor(settings, 'android'), ios: admobFor(settings, 'ios') },
    social: socialFor(settings),
    notifications: notificationsFor(settings),
    storage: storageFor(settings),
    features: { downloadsRequirePro: true },
  };
}
