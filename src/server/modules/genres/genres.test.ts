import { describe, expect, it } from 'vitest';
import { nowIso } from '../../clock';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';

describe.each(testDialects())('genres API on %s', (dialect) => {
  const t = useApiTestApp(dialect);

  const { call } = t;

  it('creates a genre with the documented defaults and stores empty text as null', async () => {
    const res = await call('POST', '/api/genres', { name: '  Zahirok ', description: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Zahirok',
      description: null,
      color: '#FF6B6B',
      isActive: true,
      songCount: 0,
      albumCount: 0,
    });
  });

  it('validates with the field named and stores nothing', async () => {
    const before = (await call('GET', '/api/genres')).headers['x-total-count'];
    for (const bad of [
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'Sepad', color: 'red' },
      { name: 'Sepad', isActive: 'yes' },
      { name: 'Sepad', extra: 1 },
      { description: 'no name' },
    ]) {
      const res = await call('POST', '/api/genres', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details[0].field).toBeTruthy();
    }
    expect((await call('POST', '/api/genres', { name: ' ' })).json().error).toBe(
      'name: Category name is required',
    );
    expect((await call('GET', '/api/genres')).headers['x-total-count']).toBe(before);
  });

  it('updates, answers 404 for missing ids, and 400 for bad ids', async () => {
    const created = (await call('POST', '/api/genres', { name: 'Laadi' })).json();
    const updated = await call('PUT', `/api/genres/${created.id}`, {
      name: 'لاڑی',
      description: 'Wedding songs',
      color: '#123ABC',
      isActive: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'لاڑی', color: '#123ABC', isActive: false });
    expect((await call('PUT', '/api/genres/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await call('GET', '/api/genres/999999')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('GET', '/api/genres/abc')).statusCode).toBe(400);
    expect((await call('DELETE', '/api/genres/999999')).statusCode).toBe(404);
  });

  it('searches name and description folding Arabic letter variants', async () => {
    await call('POST', '/api/genres', { name: 'سپت', description: 'كريم style wedding' });
    await call('POST', '/api/genres', { name: 'Nazenk', description: 'Lullabies' });
    const names = async (q: string) =>
      (await call('GET', `/api/genres?q=${encodeURIComponent(q)}`))
        .json()
        .map((g: { name: string }) => g.name);
    expect(await names('کریم')).toEqual(['سپت']);
    expect(await names('كَرِيم')).toEqual(['سپت']);
    expect(await names('lull')).toEqual(['Nazenk']);
    expect(await names('na')).toContain('Nazenk');
    expect(await names('%')).toEqual([]);
  });

  it('pages with limit/offset and reports the total', async () => {
    const all = await call('GET', '/api/genres?sort=name');
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.json().length);
    const page = await call('GET', '/api/genres?sort=name&limit=2&offset=1');
    expect(page.json().map((g: { id: number }) => g.id)).toEqual(
      all
        .json()
        .slice(1, 3)
        .map((g: { id: number }) => g.id),
    );
    expect(page.headers['x-total-count']).toBe(String(total));
    expect((await call('GET', '/api/genres?limit=1001')).statusCode).toBe(400);
    expect(
      (await call('GET', '/api/genres?active=false')).json().every((g: { isActive: boolean }) => !g.isActive),
    ).toBe(true);
  });

  it('deletes a genre and leaves its albums and songs without a genre', async () => {
    const genre = (await call('POST', '/api/genres', { name: 'Sepad' })).json();
    const now = nowIso();
    const artist = await t.database.db
      .insertInto('artists')
      .values({ name: 'Karim', searchText: 'karim', verified: false, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const album = await t.database.db
      .insertInto('albums')
      .values({
        title: 'A',
        albumType: 'single',
        primaryArtistId: artist.id,
        genreId: genre.id,
        searchText: 'a',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/api/genres/${genre.id}`)).json().albumCount).toBe(1);
    expect((await call('DELETE', `/api/genres/${genre.id}`)).statusCode).toBe(204);
    const after = await t.database.db
      .selectFrom('albums')
      .select('genreId')
      .where('id', '=', album.id)
      .executeTakeFirstOrThrow();
    expect(after.genreId).toBeNull();
  });
});
