import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMOB_FIELDS, API_KEY_FIELDS, SECRET_API_KEY_FIELDS, type Settings } from '../../contract/settings';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Every field filled with a value that names it, so any leak is found by searching the answer. */
const filledSettings = (): Settings => ({
  admob: Object.fromEntries(ADMOB_FIELDS.map((k) => [k, `ca-app-${k}`])) as Settings['admob'],
  apiKeys: Object.fromEntries(
    API_KEY_FIELDS.map((k) => [k, `value-of-${k}-0123456789`]),
  ) as Settings['apiKeys'],
});
const emptySettings = (): Settings => ({
  admob: Object.fromEntries(ADMOB_FIELDS.map((k) => [k, ''])) as Settings['admob'],
  apiKeys: Object.fromEntries(API_KEY_FIELDS.map((k) => [k, ''])) as Settings['apiKeys'],
});

const MOBILE_READS = [
  '/api/mobile/config',
  '/api/mobile/admob/android',
  '/api/mobile/admob/ios',
  '/api/mobile/social',
  '/api/mobile/notifications',
  '/api/mobile/storage-config',
];

describe.each(testDialects())('mobile configuration reads on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  const save = async (settings: Settings) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie },
      payload: settings,
    });
    expect(res.statusCode).toBe(200);
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers without credentials and never carries a secret', async () => {
    await save(filledSettings());
    for (const url of MOBILE_READS) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      for (const secret of SECRET_API_KEY_FIELDS) expect(res.body, `${url} ${secret}`).not.toContain(secret);
    }
  });

  it('gives each platform its app id and four unit ids', async () => {
    await save(filledSettings());
    expect((await get('/api/mobile/admob/android')).json().data).toEqual({
      appId: 'ca-app-androidAppId',
      bannerAdUnitId: 'ca-app-androidBannerAdUnitId',
      interstitialAdUnitId: 'ca-app-androidInterstitialAdUnitId',
      rewardedAdUnitId: 'ca-app-androidRewardedAdUnitId',
      nativeAdUnitId: 'ca-app-androidNativeAdUnitId',
    });
    expect((await get('/api/mobile/admob/ios')).json().data.nativeAdUnitId).toBe('ca-app-iosNativeAdUnitId');
  });

  it('refuses any other platform with 400', async () => {
    for (const platform of ['windows', 'ANDROID', 'iosx', 'web', 'android%20', '%D8%A7']) {
      const res = await get(`/api/mobile/admob/${platform}`);
      expect(res.statusCode, platform).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'platform' }] });
    }
  });

  it('marks social and push services enabled only when configured, with public ids only', async () => {
    await save(filledSettings());
    expect((await get('/api/mobile/social')).json().data).toEqual({
      facebook: { enabled: true, appId: 'value-of-facebookAppId-0123456789' },
      twitter: { enabled: true },
    });
    expect((await get('/api/mobile/notifications')).json().data).toEqual({
      oneSignal: { enabled: true, appId: 'value-of-oneSignalAppId-0123456789' },
      firebase: { enabled: true },
    });
    await save(emptySettings());
    expect((await get('/api/mobile/social')).json().data).toEqual({
      facebook: { enabled: false, appId: '' },
      twitter: { enabled: false },
    });
    expect((await get('/api/mobile/notifications')).json().data.firebase).toEqual({ enabled: false });
  });

  it('advertises the upload limits and where the bucket is, never its keys', async () => {
    await save(emptySettings());
    expect((await get('/api/mobile/storage-config')).json().data).toEqual({
      provider: 'local',
      endpoint: '',
      bucket: '',
      region: '',
      uploadUrl: '/api/upload/mobile',
      maxFileSize: 5 * 1024 * 1024,
      allowedTypes: ['image/jpeg', 'image/png'],
    });
    await save(filledSettings());
    const storage = (await get('/api/mobile/storage-config')).json().data;
    expect(storage).toMatchObject({
      provider: 's3',
      bucket: 'value-of-doSpacesBucket-0123456789',
      region: 'value-of-doSpacesRegion-0123456789',
    });
    const config = (await get('/api/mobile/config')).json().data;
    expect(config.storage).toEqual(storage);
    expect(config.languages).toEqual(['Balochi', 'Brahui']);
  });
});
