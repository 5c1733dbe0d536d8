import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../contract/settings';
import { startTestBucket, type TestBucket } from '../../media/testing/s3rver';
import { useBucket } from '../../media/testing/storage-settings';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';

const WRONG_SECRET = 'wrong-secret-ايس-7f3a9c2e5b';
const WRONG_KEY = 'WRONGKEY7Q2ZEXAMPLE';

describe.each(testDialects())('storage connection test on %s', (dialect) => {
  const logLines: string[] = [];
  const t = useApiTestApp(dialect, {
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket('nazenk-probe');
  });
  afterAll(async () => bucket.close());

  const form = () => ({
    doSpacesAccessKey: bucket.settings.accessKeyId,
    doSpacesSecretKey: bucket.settings.secretAccessKey,
    doSpacesBucket: bucket.settings.bucket,
    doSpacesRegion: bucket.settings.region,
    doSpacesEndpoint: bucket.settings.endpoint,
  });
  const test = (body: unknown) => t.call('POST', '/api/settings/storage/test', body);

  it('writes and deletes a probe object with the values of the form, saving nothing', async () => {
    const before = (await t.call('GET', '/api/settings')).json<Settings>();
    const res = await test(form());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: 'Connected: a test file was written to and deleted from the bucket "nazenk-probe".',
    });
    expect(await bucket.keys()).toEqual([]);
    expect((await t.call('GET', '/api/settings')).json()).toEqual(before);
  });

  it('uses the stored secrets for fields that still show their mask', async () => {
    await useBucket(t.app, t.cookie, bucket.settings);
    const shown = (await t.call('GET', '/api/settings')).json<Settings>().apiKeys;
    expect(shown.doSpacesSecretKey).toMatch(/^•+/);
    const masked = {
      ...form(),
      doSpacesAccessKey: shown.doSpacesAccessKey,
      doSpacesSecretKey: shown.doSpacesSecretKey,
    };
    expect((await test(masked)).statusCode).toBe(200);
    // A typed value wins over the stored one.
    const typed = await test({ ...masked, doSpacesAccessKey: WRONG_KEY });
    expect(typed.json().details).toEqual({ part: 'credentials', fields: ['doSpacesAccessKey'] });
    await useBucket(t.app, t.cookie, null);
  });

  it('says which part failed: credentials, bucket or endpoint', async () => {
    const cases: Array<[Record<string, string>, string, string[], RegExp]> = [
      // (s3rver does not check v4 signatures, so a wrong secret key is covered in diagnose.test.ts)
      [{ doSpacesAccessKey: WRONG_KEY }, 'credentials', ['doSpacesAccessKey'], /access key/],
      [{ doSpacesBucket: 'no-such-bucket' }, 'bucket', ['doSpacesBucket'], /"no-such-bucket" does not exist/],
      [
        { doSpacesEndpoint: 'http://127.0.0.1:9' },
        'endpoint',
        ['doSpacesEndpoint', 'doSpacesRegion'],
        /Could not reach the storage endpoint http:\/\/127\.0\.0\.1:9/,
      ],
    ];
    for (const [change, part, fields, message] of cases) {
      const res = await test({ ...form(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('STORAGE_TEST_FAILED');
      expect(body.details).toEqual({ part, fields });
      expect(body.error).toMatch(message);
    }
    expect(await bucket.keys()).toEqual([]);
  });

  it('refuses incomplete or malformed values with the fields named', async () => {
    const empty = await test({ ...form(), doSpacesBucket: ' ', doSpacesSecretKey: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'doSpacesSecretKey', message: 'Required to test the connection' },
        { field: 'doSpacesBucket', message: 'Required to test the connection' },
      ],
    });
    const arabicKey = await test({ ...form(), doSpacesAccessKey: 'کلید' });
    expect(arabicKey.json().details).toEqual([
      { field: 'doSpacesAccessKey', message: 'Keys are made of ASCII letters, digits and symbols' },
    ]);
    const badEndpoint = await test({ ...form(), doSpacesEndpoint: 'ftp://files.example.com' });
    expect(badEndpoint.json().details).toEqual([
      { field: 'doSpacesEndpoint', message: 'Must be an http:// or https:// URL' },
    ]);
    for (const body of [{}, { ...form(), extra: 'x' }, { ...form(), doSpacesBucket: 5 }, []]) {
      const res = await test(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('never puts a typed secret in an answer or a log line', async () => {
    const answers = [
      await test({ ...form(), doSpacesAccessKey: WRONG_KEY, doSpacesSecretKey: WRONG_SECRET }),
      await test({ ...form(), doSpacesSecretKey: WRONG_SECRET, doSpacesEndpoint: 'http://127.0.0.1:9' }),
      await test({ ...form(), doSpacesSecretKey: WRONG_SECRET }),
    ];
    const seen = [...answers.map((a) => a.body), ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [WRONG_KEY, WRONG_SECRET]) expect(seen).not.toContain(secret);
    expect(logLines.join('\n')).toContain('storage connection test failed');
  });
});
