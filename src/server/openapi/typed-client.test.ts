import { describe, expect, it } from 'vitest';
import { useApiTestApp } from '../testing/api-test-app';
import { appUserWithToken } from '../testing/app-users';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { typedClient } from '../testing/typed-client';

describe.each(testDialects())('the generated client against the real API (%s)', (dialect) => {
  const t = useApiTestApp(dialect);

  it('reads and writes as an admin with typed paths, parameters and answers', async () => {
    const admin = typedClient(t.app, { cookie: t.cookie });
    const created = await admin.POST('/api/genres', { body: { name: 'Zahirok — زہیروک', color: '#8B5CF6' } });
    expect(created.response.status).toBe(201);
    const id = created.data?.id ?? 0;
    const read = await admin.GET('/api/genres/{id}', { params: { path: { id } } });
    expect(read.data?.name).toBe('Zahirok — زہیروک');
    const list = await admin.GET('/api/genres', { params: { query: { q: 'zahirok' } } });
    expect(list.data?.map((g) => g.id)).toContain(id);
    expect(list.response.headers.get('x-total-count')).toBe('1');
    const missing = await admin.GET('/api/genres/{id}', { params: { path: { id: id + 1000 } } });
    expect(missing.error).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('calls the app-user API with a bearer token', async () => {
    const fx = catalogueFixtures(t.database.db);
    const album = await fx.album('قلات ءِ شپ', { primary: await fx.artist('شہزیب براہوئی') });
    const songId = await fx.song(album, 'نا وطن', { status: 'published' });
    const user = await appUserWithToken(t.database.db, { username: 'mahnaz', email: 'mahnaz@example.com' });
    const app = typedClient(t.app, { authorization: user.authorization });
    const liked = await app.POST('/api/songs/{id}/like', { params: { path: { id: songId } } });
    expect(liked.data?.data).toEqual({ songId, liked: true, likesCount: 1 });
    const anonymous = await typedClient(t.app).POST('/api/songs/{id}/like', {
      params: { path: { id: songId } },
    });
    expect(anonymous.response.status).toBe(401);
  });
});
