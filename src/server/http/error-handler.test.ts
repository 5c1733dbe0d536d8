import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';
import { conflict } from './errors';

describe('error envelope', () => {
  it('hides uncaught errors behind a 500 without a stack', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    app.get('/busy', async () => {
      throw conflict('Album still has 12 songs', { songs: 12 });
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR', details: null });
    expect(boom.body).not.toContain('secret internals');
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({
      error: 'Album still has 12 songs',
      code: 'CONFLICT',
      details: { songs: 12 },
    });
  });
});
