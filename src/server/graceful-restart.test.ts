import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudioFixtures, multipart } from './media/testing/audio-fixtures';
import { testDialects } from './testing/databases';
import { type ScratchDatabase, scratchDatabase } from './testing/scratch-database';
import { freePort, type Outcome, request, signInCookie, startServer } from './testing/server-process';

const ADMIN = { ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: 'graceful restart pass' };

describe.each(testDialects())('graceful restart on %s', (dialect) => {
  let dataDir: string;
  let db: ScratchDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nazenk-restart-'));
    db = await scratchDatabase(dialect, dataDir);
  });
  afterAll(async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts under steady load without failing a request it accepted, uploads included', async () => {
    const port = await freePort();
    const env = { ...ADMIN, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: db.url };
    const first = await startServer(env);
    const cookie = await signInCookie(port, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);

    // Steady load: 8 clients alternate a list read and a write. A refused connection was never accepted
    // (the server is between processes) and is tried again; anything else that is not a 2xx is a failure.
    const failures: string[] = [];
    const created: number[] = [];
    let answered = 0;
    let resets = 0;
    let running = true;
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const write = i % 2 === 1;
        const outcome: Outcome = write
          ? await request(port, 'POST', '/api/genres', {
              body: JSON.stringify({ name: `ریتم ${n}-${i}` }),
              headers: { 'content-type': 'application/json', cookie },
            })
          : await request(port, 'GET', '/api/genres?limit=5', { headers: { cookie } });
        if ('error' in outcome) {
          // A reset with no answer is a connection still in the kernel's accept queue when the listener
          // closed: the process never read it. Each client has at most one such connection per stop.
          if (outcome.error === 'ECONNRESET') resets++;
          else if (outcome.error !== 'ECONNREFUSED')
            failures.push(`${write ? 'POST' : 'GET'}: ${outcome.error}`);
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        answered++;
        if (outcome.status >= 300) failures.push(`${outcome.status} ${outcome.body.slice(0, 200)}`);
        else if (write) created.push(JSON.parse(outcome.body).id);
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => answered >= 40);

    // An upload in flight when the stop comes: half the body now, the rest after the signal.
    const f = await makeAudioFixtures();
    const body = await multipart('audio', f.read(f.mp3), 'song.mp3', 'audio/mpeg');
    let uploadStarted = false;
    let sendRest = () => {};
    const upload = new Promise<Outcome>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload/audio',
        agent: false,
        headers: { ...body.headers, cookie, 'content-length': String(body.payload.length) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      });
      req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
      req.write(body.payload.subarray(0, body.payload.length >> 1), () => {
        uploadStarted = true;
      });
      sendRest = () => req.end(body.payload.subarray(body.payload.length >> 1));
    });
    await until(() => uploadStarted);
    // A request on a later connection answered means the server has accepted the upload's connection.
    await request(port, 'GET', '/api/health');

    const answeredBefore = answered;
    first.child.kill('SIGTERM');
    sendRest();
    expect(await first.exited).toBe(0);
    const uploaded = await upload;
    f.cleanup();

    const second = await startServer(env);
    await until(() => answered >= answeredBefore + 40);
    running = false;
    await Promise.all(clients);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect(failures).toEqual([]);
    expect(resets).toBeLessThanOrEqual(8);
    expect(uploaded).toMatchObject({ status: 201 });
    // Every write the clients saw acknowledged is in the database.
    const database = db.open();
    try {
      const ids = (await database.db.selectFrom('genres').select('id').execute()).map((r) => r.id);
      expect(created.filter((id) => !ids.includes(id))).toEqual([]);
      expect(created.length).toBeGreaterThan(20);
    } finally {
      await database.close();
    }
  }, 120_000);
});
