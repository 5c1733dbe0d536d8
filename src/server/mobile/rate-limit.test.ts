import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';
import { listener } from './testing';

describe.each(testDialects())('app-user rate limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { appUserRateLimits: { perToken: 3, perAddress: 5, windowMs: 60_000 } });
  });
  afterAll(async () => t.close());

  it('limits each token, then each address, with 429 and Retry-After, changing nothing once refused', async () => {
    const fx = catalogueFixtures(t.database.db);
    const song = await fx.song(await fx.album('حد', { primary: await fx.artist('حد') }), 'حد');
    const like = async (authorization: string, remoteAddress = '203.0.113.7') => {
      const res = await typedClient(t.app, { authorization }, { remoteAddress }).POST(
        '/api/songs/{id}/like',
        {
          params: { path: { id: song } },
        },
      );
      return { statusCode: res.response.status, headers: res.response.headers, error: res.error };
    };
    const [a, b, c] = [
      await listener(t.database.db),
      await listener(t.database.db),
      await listener(t.database.db),
    ];
    for (let i = 0; i < 3; i++) expect((await like(a.authorization)).statusCode).toBe(200);
    const limited = await like(a.authorization);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.error).toMatchObject({ code: 'RATE_LIMITED' });
    // Another token from the same address has one request left of the address's five (refusals count).
    expect((await like(b.authorization)).statusCode).toBe(200);
    const address = await like(c.authorization);
    expect(address.statusCode).toBe(429);
    expect(address.headers.get('retry-after')).not.toBeNull();
    const likes = await t.database.db
      .selectFrom('songLikes')
      .selectAll()
      .where('songId', '=', song)
      .execute();
    expect(likes.map((l) => l.userId).sort()).toEqual([a.id, b.id].sort());
    // Elsewhere the same token is refused by its own count, another address's token is not.
    expect((await like(a.authorization, '198.51.100.1')).statusCode).toBe(429);
    expect((await like(c.authorization, '198.51.100.1')).statusCode).toBe(200);
    // Public reads are not counted.
    for (let i = 0; i < 6; i++) {
      const featured = await typedClient(t.app, {}, { remoteAddress: '203.0.113.7' }).GET('/api/featured');
      expect(featured.response.status).toBe(200);
    }
  });
});
