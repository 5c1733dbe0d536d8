import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TableChanges } from '../db/table-changes';
import type { SignedInAdmin } from '../modules/auth/service';
import {
  type CachedRead,
  ResponseCache,
  type ResponseCacheOptions,
  registerResponseCache,
} from './response-cache';
import './auth-guard';

/**
 * A bare app with the response cache and one cached route per case. An `x-admin` header stands in for a
 * signed-in admin session (the real guard is covered by the API tests).
 */
async function cachedApp(options: ResponseCacheOptions & { read?: CachedRead } = {}) {
  const changes = new TableChanges();
  changes.setCascades([]);
  const cache = new ResponseCache(changes, options);
  const app: FastifyInstance = Fastify();
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-admin']) request.admin = { id: 1 } as SignedInAdmin;
  });
  registerResponseCache(app, cache);
  let computed = 0;
  const read = options.read ?? { reads: ['songs', 'albums'] };
  app.get('/view', { config: { cache: read } }, async (request, reply) => {
    computed += 1;
    reply.header('x-total-count', String(computed));
    return { audience: request.admin ? 'admin' : 'app', computed, query: request.query };
  });
  app.get('/same', { config: { cache: read } }, async () => {
    computed += 1;
    return { same: true };
  });
  app.get('/fails', { config: { cache: read } }, async (_request, reply) => {
    computed += 1;
    return reply.code(404).send({ error: 'nope' });
  });
  await app.ready();
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
  return { app, changes, cache, get, computed: () => computed };
}

describe('response cache', () => {
  it('never serves an admin page to the app, nor the reverse', async () => {
    const c = await cachedApp();
    const admin = await c.get('/view', { 'x-admin': '1' });
    const app = await c.get('/view');
    expect(admin.json()).toMatchObject({ audience: 'admin' });
    expect(app.json()).toMatchObject({ audience: 'app' });
    expect((await c.get('/view', { 'x-admin': '1' })).json()).toMatchObject({
      audience: 'admin',
      computed: 1,
    });
    expect((await c.get('/view')).json()).toMatchObject({ audience: 'app', computed: 2 });
    // The other audience's ETag is not a match.
    const crossed = await c.get('/view', { 'if-none-match': admin.headers.etag as string });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json()).toMatchObject({ audience: 'app' });
    expect(c.computed()).toBe(2);
  });

  it('answers a hit with the stored bytes and headers, and If-None-Match with 304', async () => {
    const c = await cachedApp();
    const first = await c.get('/view?b=2&a=1');
    const hit = await c.get('/view?a=1&b=2');
    expect(hit.body).toBe(first.body);
    expect(hit.headers['x-total-count']).toBe('1');
    expect(hit.headers['content-type']).toBe(first.headers['content-type']);
    expect(hit.headers.etag).toBe(first.headers.etag);
    const etag = first.headers.etag as string;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await c.get('/view?a=1&b=2', { 'if-none-match': inm });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
    }
    expect((await c.get('/view?a=1&b=3')).json()).toMatchObject({ computed: 2 });
    expect(c.computed()).toBe(2);
  });

  it('answers 304 on a miss too when the fresh answer has the ETag the client holds', async () => {
    const c = await cachedApp();
    const first = await c.get('/same');
    c.changes.changed(['songs']);
    const second = await c.get('/same', { 'if-none-match': first.headers.etag as string });
    expect(c.computed()).toBe(2);
    expect(second.statusCode).toBe(304);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('is dropped by a write to a table it reads, kept by others; errors are never stored', async () => {
    const c = await cachedApp();
    await c.get('/view');
    c.changes.changed(['banners']);
    expect((await c.get('/view')).json()).toMatchObject({ computed: 1 });
    c.changes.changed(['albums']);
    expect((await c.get('/view')).json()).toMatchObject({ computed: 2 });
    c.changes.reset();
    expect((await c.get('/view')).json()).toMatchObject({ computed: 3 });
    await c.get('/fails');
    await c.get('/fails');
    expect(c.computed()).toBe(5);
  });

  it('does not store an answer computed across a write to what it reads', async () => {
    const changes = new TableChanges();
    changes.setCascades([]);
    const cache = new ResponseCache(changes);
    const mark = cache.mark();
    changes.changed(['songs']);
    cache.store('k', { reads: ['songs'] }, mark, Buffer.from('old'), []);
    expect(cache.get('k')).toBeUndefined();
    const later = cache.mark();
    changes.changed(['banners']);
    cache.store('k', { reads: ['songs'] }, later, Buffer.from('new'), []);
    expect(cache.get('k')?.body.toString()).toBe('new');
  });

  it('lets entries live at most maxAgeMs (or the route’s shorter life) on the injected clock', async () => {
    let now = 1_000;
    const c = await cachedApp({
      now: () => now,
      maxAgeMs: 60_000,
      read: { reads: ['songs'], maxAgeMs: 5_000 },
    });
    await c.get('/view');
    now += 4_999;
    expect((await c.get('/view')).json()).toMatchObject({ computed: 1 });
    now += 1;
    expect((await c.get('/view')).json()).toMatchObject({ computed: 2 });
  });

  it('keeps its bytes under maxBytes, dropping the least recently used', async () => {
    const changes = new TableChanges();
    changes.setCascades([]);
    const cache = new ResponseCache(changes, { maxBytes: 10 });
    const read = { reads: ['songs'] };
    cache.store('a', read, cache.mark(), Buffer.from('1234'), []);
    cache.store('b', read, cache.mark(), Buffer.from('1234'), []);
    cache.get('a');
    cache.store('c', read, cache.mark(), Buffer.from('1234'), []);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('is bypassed while other processes’ writes could be missed', async () => {
    const c = await cachedApp();
    await c.get('/view');
    c.changes.setLive(false);
    expect((await c.get('/view')).json()).toMatchObject({ computed: 2 });
    expect((await c.get('/view')).json()).toMatchObject({ computed: 3 });
    c.changes.setLive(true);
    await c.get('/view');
    expect((await c.get('/view')).json()).toMatchObject({ computed: 4 });
  });
});

describe('response cache: identical requests while an answer is computed', () => {
  /** A cached route whose handler waits for `open()`; `computed` counts handler runs. */
  async function gatedApp(status = 200) {
    const changes = new TableChanges();
    changes.setCascades([]);
    const app: FastifyInstance = Fastify();
    app.decorateRequest('admin', null);
    registerResponseCache(app, new ResponseCache(changes));
    let computed = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    app.get('/slow', { config: { cache: { reads: ['songs'] } } }, async (_request, reply) => {
      computed += 1;
      const run = computed;
      await gate;
      return reply.code(status).send({ name: 'لیوا', run });
    });
    await app.ready();
    const started = (n: number) =>
      Array.from({ length: n }, () => app.inject({ url: '/slow' }).then((r) => [r.statusCode, r.json()]));
    return { app, changes, open, started, computed: () => computed };
  }

  it('computes it once and answers every request with it', async () => {
    const g = await gatedApp();
    const answers = g.started(3);
    await new Promise((resolve) => setImmediate(resolve));
    g.open();
    expect(await Promise.all(answers)).toEqual([
      [200, { name: 'لیوا', run: 1 }],
      [200, { name: 'لیوا', run: 1 }],
      [200, { name: 'لیوا', run: 1 }],
    ]);
    expect(g.computed()).toBe(1);
  });

  it('lets each waiting request compute its own when the first stores nothing', async () => {
    const g = await gatedApp();
    const answers = g.started(3);
    await new Promise((resolve) => setImmediate(resolve));
    g.changes.changed(['songs']);
    g.open();
    const runs = (await Promise.all(answers)).map(([, body]) => (body as { run: number }).run);
    expect(runs.sort()).toEqual([1, 2, 3]);
    expect(g.computed()).toBe(3);
  });

  it('does not hand an error answer to the requests that waited for it', async () => {
    const g = await gatedApp(404);
    const answers = g.started(2);
    await new Promise((resolve) => setImmediate(resolve));
    g.open();
    expect((await Promise.all(answers)).map(([status]) => status)).toEqual([404, 404]);
    expect(g.computed()).toBe(2);
  });
});
