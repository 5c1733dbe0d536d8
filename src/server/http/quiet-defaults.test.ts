import { statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { makeAudioFixtures, multipart } from '../media/testing/audio-fixtures';
import { eventually } from '../media/testing/media-dir';
import { createTestDatabase, testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('private database files', () => {
  it('creates the SQLite file, its WAL and shared memory readable by the owner only', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      const file = path.join(t.dataDir, 'test.db');
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f), f).toBe(0o600);
    } finally {
      await t.cleanup();
    }
  });

  it('narrows a world-readable file left by an older version', async () => {
    const t = await createTestDatabase('sqlite');
    const file = path.join(t.dataDir, 'old.db');
    writeFileSync(file, '', { mode: 0o644 });
    const database = openDatabase({ dialect: 'sqlite', path: file });
    try {
      expect(modeOf(file)).toBe(0o600);
    } finally {
      await database.close();
      await t.cleanup();
    }
  });
});

describe.each(testDialects())('quiet, private answers on %s', (dialect) => {
  const lines: Array<{ level: number; msg?: string; err?: unknown; stack?: unknown }> = [];
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp(dialect, { logger: { level: 'info', stream } });
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  it('sends Cache-Control: no-store on API answers unless the route says otherwise', async () => {
    const get = (url: string, withCookie = true) =>
      t.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });
    for (const [url, withCookie] of [
      ['/api/settings', true],
      ['/api/auth/me', true],
      ['/api/genres', true],
      ['/api/settings', false],
      ['/api/no-such-route', true],
      ['/api/artists/0x10', true],
    ] as const) {
      const res = await get(url, withCookie);
      // Routes may add to it (cached admin reads say `private, no-store`), never drop it.
      expect(res.headers['cache-control'], url).toMatch(/(^|, )no-store$/);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x', password: 'y' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('logs a client cutting an upload at info, without a stack', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const f = await makeAudioFixtures();
    try {
      const body = await multipart('audio', f.read(f.mp3), 'song.mp3', 'audio/mpeg');
      let received = false;
      t.app.server.once('request', () => {
        received = true;
      });
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload/audio',
        headers: { ...body.headers, cookie, 'content-length': String(body.payload.length) },
      });
      request.on('error', () => undefined);
      // Half the file, so the server is still reading it when the client goes away.
      request.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)));
      await eventually(() => received);
      request.destroy();
      await eventually(() => lines.some((l) => /client aborted/.test(l.msg ?? '')));
    } finally {
      f.cleanup();
    }
    const aborted = lines.filter((l) => /client aborted/.test(l.msg ?? ''));
    expect(aborted.every((l) => l.level === 30)).toBe(true);
    expect(JSON.stringify(aborted)).not.toContain('stack');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
