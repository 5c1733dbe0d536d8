import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAccessLog } from './access-log';

async function loggedApp(level: string) {
  const lines: Array<{ msg: string; method?: string; statusCode?: number }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerAccessLog(app);
  app.get('/read', async () => ({ ok: true }));
  app.post('/write', async () => ({ ok: true }));
  await app.ready();
  return { app, access: () => lines.filter((l) => l.msg === 'request completed') };
}

describe('access log', () => {
  it('logs writes and failures at info, successful reads only at debug', async () => {
    const info = await loggedApp('info');
    await info.app.inject({ url: '/read' });
    await info.app.inject({ method: 'POST', url: '/write' });
    await info.app.inject({ url: '/missing' });
    expect(info.access().map((l) => [l.method, l.statusCode])).toEqual([
      ['POST', 200],
      ['GET', 404],
    ]);

    const debug = await loggedApp('debug');
    await debug.app.inject({ url: '/read' });
    expect(debug.access().map((l) => [l.method, l.statusCode])).toEqual([['GET', 200]]);
  });
});
