import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMOB_FIELDS, API_KEY_FIELDS, SECRET_API_KEY_FIELDS, type Settings } from '../../contract/settings';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';

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

describe.each(testDialects())('mobile configuration reads on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  const save = async (settings: Settings) => {
    const res = await typedClient(t.app, { cookie }).PUT('/api/settings', { body: settings });
    expect(res.response.status).toBe(200);
  };
  /** Every configuration read, anonymous, through the client generated from the OpenAPI document. */
  const api = () => typedClient(t.app);
  const admob = async (platform: 'android' | 'ios') =>
    (await api().GET('/api/mobile/admob/{platform}', { params: { path: { platform } } })).data?.data;
  const reads = () => ({
    '/api/mobile/config': api().GET('/api/mobile/config'),
    '/api/mobile/admob/android': api().GET('/api/mobile/admob/{platform}', {
      params: { path: { platform: 'android' } },
    }),
    '/api/mobile/admob/ios': api().GET('/api/mobile/admob/{platform}', {
      params: { path: { platform: 'ios' } },
    }),
    '/api/mobile/social': api().GET('/api/mobile/social'),
    '/api/mobile/notifications': api().GET('/api/mobile/notifications'),
    '/api/mobile/storage-config': api().GET('/api/mobile/storage-config'),
  });

  it('answers without credentials and never carries a secret', async () => {
    await save(filledSettings());
    for (const [url, call] of Object.entries(reads())) {
      const res = await call;
      expect(res.response.status, url).toBe(200);
      expect(res.data).toMatchObject({ success: true });
      const body = JSON.stringify(res.data);
      for (const secret of SECRET_API_KEY_FIELDS) expect(body, `${url} ${secret}`).not.toContain(secret);
    }
  });

  it('gives each platform its app id and four unit ids', async () => {
    await save(filledSettings());
    expect(await admob('android')).toEqual({
      appId: 'ca-app-androidAppId',
      bannerAdUnitId: 'ca-app-androidBannerAdUnitId',
      interstitialAdUnitId: 'ca-app-androidInterstitialAdUnitId',
      rewardedAdUnitId: 'ca-app-androidRewardedAdUnitId',
      nativeAdUnitId: 'ca-app-androidNativeAdUnitId',
    });
    expect((await admob('ios'))?.nativeAdUnitId).toBe('ca-app-iosNativeAdUnitId');
  });

  it('refuses any other platform with 400', async () => {
    for (const platform of ['windows', 'ANDROID', 'iosx', 'web', 'android%20', '%D8%A7']) {
      // Raw URL on purpose: the typed client only accepts the documented platforms.
      const res = await t.app.inject({ method: 'GET', url: `/api/mobile/admob/${platform}` });
      expect(res.statusCode, platform).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'platform' }] });
    }
  });

  it('marks social and push services enabled only when configured, with public ids only', async () => {
    await save(filledSettings());
    expect((await api().GET('/api/mobile/social')).data?.data).toEqual({
      facebook: { enabled: true, appId: 'value-of-facebookAppId-0123456789' },
      twitter: { enabled: true },
    });
    expect((await api().GET('/api/mobile/notifications')).data?.data).toEqual({
      oneSignal: { enabled: true, appId: 'value-of-oneSignalAppId-0123456789' },
      firebase: { enabled: true },
    });
    await save(emptySettings());
    expect((await api().GET('/api/mobile/social')).data?.data).toEqual({
      facebook: { enabled: false, appId: '' },
      twitter: { enabled: false },
    });
    expect((await api().GET('/api/mobile/notifications')).data?.data.firebase).toEqual({ enabled: false });
  });

  it('advertises the upload limits and where the bucket is, never its keys', async () => {
    await save(emptySettings());
    expect((await api().GET('/api/mobile/storage-config')).data?.data).toEqual({
      provider: 'local',
      endpoint: '',
      bucket: '',
      region: '',
      uploadUrl: '/api/upload/mobile',
      maxFileSize: 5 * 1024 * 1024,
      allowedTypes: ['image/jpeg', 'image/png'],
    });
    await save(filledSettings());
    const storage = (await api().GET('/api/mobile/storage-config')).data?.data;
    expect(storage).toMatchObject({
      provider: 's3',
      bucket: 'value-of-doSpacesBucket-0123456789',
      region: 'value-of-doSpacesRegion-0123456789',
    });
    const config = (await api().GET('/api/mobile/config')).data?.data;
    expect(config?.storage).toEqual(storage);
    expect(config?.languages).toEqual(['Balochi', 'Brahui']);
  });
});
