import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestApp } from '../testing/api-test-app';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';

const LOOSE_IDS = ['1e1', '%2B10', '0010', '10.0', '0x10', '-0', '1_0'];

describe.each(testDialects())('strict inputs on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let users: number[] = [];
  beforeAll(async () => {
    const fx = catalogueFixtures(t.database.db);
    users = [];
    for (let i = 0; i < 16; i++) users.push(await fx.user(`listener ${i}`));
  });

  it('refuses loose ids on every route with an id in its path, before touching a row', async () => {
    // App-user routes answer 401 to the admin's cookie before reading the path.
    const withId = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api') && r.url.includes(':id') && r.access !== 'appUser',
    );
    expect(withId.length).toBeGreaterThan(10);
    for (const route of withId) {
      for (const id of LOOSE_IDS) {
        const res = await t.call(route.method as 'GET', route.url.replace(':id', id), {});
        expect(res.statusCode, `${route.method} ${route.url} with ${id}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'id' }] });
      }
    }
    const sixteenth = users[15] ?? 0;
    expect((await t.call('DELETE', `/api/users/0x${sixteenth.toString(16)}`)).statusCode).toBe(400);
    expect((await t.call('GET', `/api/users/${sixteenth}`)).statusCode).toBe(200);
  });

  it('answers framework errors with the envelope', async () => {
    const cases: [string, InjectOptions, number, string][] = [
      [
        'over-long path parameter',
        { method: 'GET', url: `/api/artists/${'1'.repeat(500)}` },
        414,
        'URI_TOO_LONG',
      ],
      ['malformed URL', { method: 'GET', url: '/api/artists/%E0%A4%A' }, 400, 'BAD_REQUEST'],
      ['unknown route', { method: 'GET', url: '/api/nothing-here' }, 404, 'NOT_FOUND'],
      ['unknown method', { method: 'PATCH', url: '/api/artists' }, 404, 'NOT_FOUND'],
      [
        'body too large',
        {
          method: 'POST',
          url: '/api/artists',
          headers: { 'content-type': 'application/json', cookie: t.cookie },
          payload: `"${'x'.repeat(3 * 1024 * 1024)}"`,
        },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        'unknown content type',
        {
          method: 'POST',
          url: '/api/artists',
          headers: { 'content-type': 'application/x-nazenk', cookie: t.cookie },
          payload: 'x',
        },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/api/artists',
          headers: { 'content-type': 'application/json', cookie: t.cookie },
          payload: '{"name":',
        },
        400,
        'INVALID_JSON',
      ],
    ];
    for (const [what, request, status, code] of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, what).toBe(status);
      expect(res.json(), what).toEqual({ error: expect.any(String), code, details: null });
    }
  });

  it('answers requests the HTTP parser refuses with the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/health HTTP/1.1\r\nHost x\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'Malformed request',
      code: 'BAD_REQUEST',
      details: null,
    });
  });

  it('refuses catalogue text that opens a tag and unsafe URLs, and keeps I <3 Balochistan', async () => {
    const tag = await t.call('POST', '/api/artists', { name: '<img src=x onerror=alert(1)//' });
    expect(tag.statusCode).toBe(400);
    expect(tag.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'name' }] });
    for (const avatar of ['//evil.example/x.png', '/\\evil.example', 'https://x.example/a".png', '/x.png']) {
      const res = await t.call('POST', '/api/artists', { name: 'Safe', avatar });
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json().details[0].field).toBe('avatar');
    }
    const love = await t.call('POST', '/api/artists', { name: 'I <3 Balochistan', bio: 'کریم <3 بلوچ' });
    expect(love.statusCode).toBe(201);
    expect(love.json()).toMatchObject({ name: 'I <3 Balochistan', bio: 'کریم <3 بلوچ' });
  });
});
