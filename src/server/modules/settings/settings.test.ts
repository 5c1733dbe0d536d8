import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMOB_FIELDS,
  API_KEY_FIELDS,
  SECRET_API_KEY_FIELDS,
  SECRET_MASK,
  type Settings,
} from '../../../contract/settings';
import { ensureFirstAdmin } from '../../admins/bootstrap';
import { buildApp } from '../../app';
import { secretBox } from '../../security/secret-box';
import { createTestDatabase, type TestDatabase, testDialects } from '../../testing/databases';
import { sessionCookie, TEST_ADMIN } from '../../testing/test-app';
import { readSettings } from './repo';

const SECRET_KEY = 'settings-test-key-0123456789abcdef0123456789';

const emptySettings = (): Settings => ({
  admob: Object.fromEntries(ADMOB_FIELDS.map((k) => [k, ''])) as Settings['admob'],
  apiKeys: Object.fromEntries(API_KEY_FIELDS.map((k) => [k, ''])) as Settings['apiKeys'],
});

/** A distinctive value per secret field, long enough for its tail to be shown. */
const secretValue = (field: string) => `SECRET-${field}-9f8e7d6c5b4a-${field.length}xyz`;

describe.each(testDialects())('settings API on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let cookie: string;
  const logLines: string[] = [];
  const responses: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    await ensureFirstAdmin(testDb.database.db, TEST_ADMIN);
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      database: testDb.database,
      config: { cookieSecure: false, publicUrl: undefined, secretKey: SECRET_KEY, dataDir: testDb.dataDir },
      logger: { level: 'trace', stream },
    });
    await app.ready();
    cookie = sessionCookie(await app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN }));
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const call = async (method: 'GET' | 'PUT', payload?: unknown) => {
    const res = await app.inject({
      method,
      url: '/api/settings',
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    responses.push(JSON.stringify(res.headers) + res.body);
    return res;
  };
  const db = () => testDb.database.db;
  const plain = () => readSettings(db(), SECRET_KEY);

  const full = (): Settings => {
    const s = emptySettings();
    s.admob.androidAppId = 'ca-app-pub-3940256099942544~3347511713';
    s.admob.iosBannerAdUnitId = 'ca-app-pub-3940256099942544/2934735716';
    s.apiKeys.doSpacesBucket = 'nazenk-media';
    s.apiKeys.doSpacesRegion = 'fra1';
    s.apiKeys.doSpacesEndpoint = 'https://fra1.digitaloceanspaces.com';
    s.apiKeys.facebookAppId = '1234567890';
    s.apiKeys.twilioPhoneNumber = '+92 300 0000000';
    for (const f of SECRET_API_KEY_FIELDS) s.apiKeys[f] = secretValue(f);
    return s;
  };

  it('answers every field as a string, empty when unset, storage region and endpoint defaulted', async () => {
    const res = await call('GET');
    expect(res.statusCode).toBe(200);
    const expected = emptySettings();
    expected.apiKeys.doSpacesRegion = 'blr1';
    expected.apiKeys.doSpacesEndpoint = 'https://blr1.digitaloceanspaces.com';
    expect(res.json()).toEqual(expected);
  });

  it('stores secrets encrypted and answers them masked with their last 4 characters', async () => {
    const res = await call('PUT', full());
    expect(res.statusCode).toBe(200);
    const shown = res.json() as Settings;
    expect((await call('GET')).json()).toEqual(shown);
    for (const f of SECRET_API_KEY_FIELDS)
      expect(shown.apiKeys[f]).toBe(`${SECRET_MASK}${secretValue(f).slice(-4)}`);
    expect(shown.apiKeys.doSpacesBucket).toBe('nazenk-media');
    expect(shown.apiKeys.doSpacesRegion).toBe('fra1');
    expect(shown.admob.androidAppId).toBe('ca-app-pub-3940256099942544~3347511713');

    const rows = new Map(
      (await db().selectFrom('settings').select(['key', 'value']).execute()).map((r) => [r.key, r.value]),
    );
    for (const f of SECRET_API_KEY_FIELDS) {
      const stored = rows.get(`apiKeys.${f}`) ?? '';
      expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(stored).not.toContain('SECRET-');
      expect(secretBox(SECRET_KEY).open(stored, `apiKeys.${f}`)).toBe(secretValue(f));
    }
    expect(rows.get('apiKeys.doSpacesBucket')).toBe('nazenk-media');
    expect(await plain()).toEqual(full());
  });

  it('keeps a secret sent back masked, clears it with empty text, replaces it otherwise', async () => {
    const shown = (await call('GET')).json() as Settings;
    shown.apiKeys.stripeSecretKey = '';
    shown.apiKeys.sendgridApiKey = 'SG.new-sendgrid-key-value-42';
    shown.apiKeys.doSpacesRegion = '';
    shown.admob.iosAppId = 'ca-app-pub-1111~2222';
    const res = await call('PUT', shown);
    expect(res.statusCode).toBe(200);
    expect(res.json().apiKeys).toMatchObject({
      stripeSecretKey: '',
      sendgridApiKey: `${SECRET_MASK}e-42`,
      doSpacesRegion: 'blr1',
      twilioAuthToken: `${SECRET_MASK}${secretValue('twilioAuthToken').slice(-4)}`,
    });
    const now = await plain();
    expect(now.apiKeys.twilioAuthToken).toBe(secretValue('twilioAuthToken'));
    expect(now.apiKeys.doSpacesSecretKey).toBe(secretValue('doSpacesSecretKey'));
    expect(now.apiKeys.sendgridApiKey).toBe('SG.new-sendgrid-key-value-42');
    expect(now.apiKeys.stripeSecretKey).toBe('');
    expect(now.admob.iosAppId).toBe('ca-app-pub-1111~2222');
    const cleared = await db()
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'apiKeys.stripeSecretKey')
      .execute();
    expect(cleared).toEqual([]);
  });

  it('shows a short secret as the bare mask, and an unreadable one as unset', async () => {
    const s = (await call('GET')).json() as Settings;
    s.apiKeys.mailgunApiKey = 'short-key';
    expect((await call('PUT', s)).json().apiKeys.mailgunApiKey).toBe(SECRET_MASK);
    expect((await plain()).apiKeys.mailgunApiKey).toBe('short-key');
    // Sealed under another SECRET_KEY (a rotated key): neither shown nor usable, and no 500.
    await db()
      .updateTable('settings')
      .set({
        value: secretBox('another-secret-key-0123456789abcdef').seal(
          'old-value-1234',
          'apiKeys.mailgunApiKey',
        ),
      })
      .where('key', '=', 'apiKeys.mailgunApiKey')
      .execute();
    const res = await call('GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().apiKeys.mailgunApiKey).toBe('');
    expect((await plain()).apiKeys.mailgunApiKey).toBe('');
  });

  it('rejects anything but the full object of strings, with the field named, storing nothing', async () => {
    const before = await plain();
    const base = () => {
      const s = full();
      s.apiKeys.stripeSecretKey = 'sk_live_must_not_be_stored_0000';
      return s;
    };
    const cases: Array<[(s: Settings) => unknown, string]> = [
      [(s) => ({ ...s, extra: {} }), 'extra'],
      [(s) => ({ ...s, apiKeys: { ...s.apiKeys, unknownKey: 'x' } }), 'apiKeys.unknownKey'],
      [(s) => ({ admob: s.admob }), 'apiKeys'],
      [(s) => ({ ...s, apiKeys: { ...s.apiKeys, doSpacesBucket: undefined } }), 'apiKeys.doSpacesBucket'],
      [(s) => ({ ...s, apiKeys: { ...s.apiKeys, doSpacesRegion: 5 } }), 'apiKeys.doSpacesRegion'],
      [(s) => ({ ...s, admob: { ...s.admob, iosAppId: null } }), 'admob.iosAppId'],
      [
        (s) => ({ ...s, apiKeys: { ...s.apiKeys, mailgunDomain: 'x'.repeat(4097) } }),
        'apiKeys.mailgunDomain',
      ],
      [(s) => ({ ...s, admob: 'none' }), 'admob'],
    ];
    for (const [make, field] of cases) {
      const res = await call('PUT', make(base()));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        field,
      ).toContain(field);
    }
    expect(await plain()).toEqual(before);
  });

  it('is all-or-nothing when the database fails half way', async () => {
    const before = await plain();
    expect(before.apiKeys.twilioAuthToken).not.toBe('');
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_setting before insert on settings when new.key = 'apiKeys.twilioPhoneNumber'
        begin select raise(abort, 'refused'); end`.execute(db());
    } else {
      await sql`create function refuse_setting() returns trigger language plpgsql
        as $$ begin if new.key = 'apiKeys.twilioPhoneNumber' then raise exception 'refused'; end if; return new; end $$`.execute(
        db(),
      );
      await sql`create trigger refuse_setting before insert on settings
        for each row execute function refuse_setting()`.execute(db());
    }
    const s = full();
    s.apiKeys.twilioAuthToken = '';
    s.admob.androidAppId = 'changed';
    const res = await call('PUT', s);
    expect(res.statusCode).toBe(500);
    expect(await plain()).toEqual(before);
    await sql`drop trigger refuse_setting${sql.raw(dialect === 'postgres' ? ' on settings' : '')}`.execute(
      db(),
    );
  });

  it('never lets a secret value reach a response or a log line', async () => {
    // Error paths too: a failing save and an invalid body carrying secrets.
    const s = full();
    s.admob.iosAppId = 'x'.repeat(5000);
    await call('PUT', s);
    await call('PUT', { ...full(), extra: secretValue('extra') });
    const secrets = [
      ...SECRET_API_KEY_FIELDS.map(secretValue),
      ...SECRET_API_KEY_FIELDS.map((f) => secretValue(f).slice(0, -4)),
      'SG.new-sendgrid-key-value-42',
      'sk_live_must_not_be_stored_0000',
      'short-key',
      'old-value-1234',
    ];
    expect(logLines.length).toBeGreaterThan(0);
    expect(responses.length).toBeGreaterThan(10);
    const everything = [...logLines, ...responses].join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toContain('SECRET-');
  });
});
