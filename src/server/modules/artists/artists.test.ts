import { beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../contract/search-fold';
import { nowIso } from '../../clock';
import { useApiTestApp } from '../../testing/api-test-app';
import { catalogueFixtures } from '../../testing/catalogue-fixtures';
import { testDialects } from '../../testing/databases';

describe.each(testDialects())('artists API on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let fx: ReturnType<typeof catalogueFixtures>;
  beforeAll(async () => {
    fx = catalogueFixtures(t.database.db);
  });

  const { call } = t;
  const names = async (query: string) =>
    (await call('GET', `/api/artists?${query}`)).json().map((a: { name: string }) => a.name);

  it('creates an artist, storing empty text as null, with zero counts', async () => {
    const res = await call('POST', '/api/artists', { name: '  Noor Jan ', country: '', bio: '', avatar: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Noor Jan',
      country: null,
      bio: null,
      avatar: null,
      verified: false,
      albumCount: 0,
      songCount: 0,
      followersCount: 0,
      monthlyListeners: 0,
      totalStreams: 0,
    });
    expect((await call('GET', `/api/artists/${res.json().id}`)).json().name).toBe('Noor Jan');
  });

  it('validates with the exact message and the field named, storing nothing', async () => {
    const before = (await call('GET', '/api/artists')).headers['x-total-count'];
    for (const bad of [
      {},
      { name: '' },
      { name: 'x'.repeat(201) },
      { name: 'A', verified: 'yes' },
      { name: 'A', avatar: 'javascript:alert(1)' },
      { name: 'A', followers: 3 },
    ]) {
      const res = await call('POST', '/api/artists', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details[0].field).toBeTruthy();
    }
    const blank = (await call('POST', '/api/artists', { name: '   ' })).json();
    expect(blank.details).toEqual([{ field: 'name', message: 'Artist name is required' }]);
    expect(blank.error).toBe('name: Artist name is required');
    expect((await call('GET', '/api/artists')).headers['x-total-count']).toBe(before);
  });

  it('updates every field, and answers 404 and 400 for missing and malformed ids', async () => {
    const id = (await call('POST', '/api/artists', { name: 'Sabzal', country: 'Iran', bio: 'b' })).json().id;
    const res = await call('PUT', `/api/artists/${id}`, { name: 'سبزل', verified: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'سبزل', country: null, bio: null, verified: true });
    expect((await call('PUT', '/api/artists/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await call('GET', '/api/artists/999999')).json()).toMatchObject({
      code: 'NOT_FOUND',
      error: 'Artist not found',
    });
    expect((await call('DELETE', '/api/artists/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/artists/abc')).statusCode).toBe(400);
  });

  it('computes albums, songs, streams, monthly listeners and followers from real rows', async () => {
    const karim = await fx.artist('Karim Jan');
    const shay = await fx.artist('Shay Kasim');
    const solo = await fx.album('Solo', { primary: karim });
    const duet = await fx.album('Duet', { collaborators: [shay, karim] });
    const s1 = await fx.song(solo, 'One', { totalStreams: 10 });
    await fx.song(solo, 'Two', { totalStreams: 5 });
    const s3 = await fx.song(duet, 'Three', { totalStreams: 7 });
    const [u1, u2, u3] = [await fx.user(), await fx.user(), await fx.user()];
    await fx.stream(s1, u1, 1);
    await fx.stream(s1, u1, 2);
    await fx.stream(s3, u2, 3);
    await fx.stream(s1, null, 1);
    await fx.stream(s1, u3, 40);
    await fx.follow(u1, karim);
    await fx.follow(u2, karim);
    await fx.follow(u3, shay);

    expect((await call('GET', `/api/artists/${karim}`)).json()).toMatchObject({
      albumCount: 2,
      songCount: 3,
      totalStreams: 22,
      monthlyListeners: 2,
      followersCount: 2,
    });
    const list = (await call('GET', '/api/artists?q=shay')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      albumCount: 1,
      songCount: 1,
      totalStreams: 7,
      monthlyListeners: 1,
      followersCount: 1,
    });
    expect((await names('sort=streams&limit=2')).slice(0, 2)).toEqual(['Karim Jan', 'Shay Kasim']);
  });

  it('refuses to delete an artist credited on albums (409 with the count) and changes nothing', async () => {
    const artist = await fx.artist('Busy Artist');
    const other = await fx.artist('Partner');
    await fx.album('First', { primary: artist });
    await fx.album('Second', { primary: artist });
    await fx.album('Third', { collaborators: [other, artist] });
    const user = await fx.user();
    await fx.follow(user, artist);
    const res = await call('DELETE', `/api/artists/${artist}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Artist still has 3 albums',
      code: 'CONFLICT',
      details: { albums: 3 },
    });
    expect((await call('GET', `/api/artists/${artist}`)).json()).toMatchObject({
      albumCount: 3,
      followersCount: 1,
    });
  });

  it('deletes an artist without albums together with their follows', async () => {
    const artist = await fx.artist('Leaving');
    await fx.follow(await fx.user(), artist);
    expect((await call('DELETE', `/api/artists/${artist}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/artists/${artist}`)).statusCode).toBe(404);
    const follows = await t.database.db
      .selectFrom('artistFollows')
      .select('userId')
      .where('artistId', '=', artist)
      .execute();
    expect(follows).toEqual([]);
  });

  it('searches name or country folding Arabic letter variants and harakat', async () => {
    await fx.artist('کریم بلوچ', 'پاکستان');
    await fx.artist('Latif', 'Oman');
    for (const q of ['كريم', 'کریم', 'كَرِيم', 'بلوچ'])
      expect(await names(`q=${encodeURIComponent(q)}`)).toEqual(['کریم بلوچ']);
    expect(await names(`q=${encodeURIComponent('پاکستان')}`)).toEqual(['کریم بلوچ']);
    expect(await names('q=OMAN')).toEqual(['Latif']);
    expect(await names('q=nobody-has-this')).toEqual([]);
  });

  it('filters by verified, sorts by name and pages with X-Total-Count', async () => {
    await call('POST', '/api/artists', { name: 'Verified One', verified: true });
    expect(await names('verified=true')).toEqual(['Verified One', 'سبزل']);
    expect(await names('verified=false&q=noor')).toEqual(['Noor Jan']);
    const all = await call('GET', '/api/artists?sort=name&limit=1000');
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.json().length);
    const page = await call('GET', '/api/artists?sort=name&limit=3&offset=2');
    expect(page.headers['x-total-count']).toBe(String(total));
    expect(page.json().map((a: { id: number }) => a.id)).toEqual(
      all
        .json()
        .slice(2, 5)
        .map((a: { id: number }) => a.id),
    );
    const oldest = (await call('GET', '/api/artists?sort=oldest&limit=1')).json()[0].name;
    expect(oldest).toBe('Noor Jan');
    expect((await call('GET', '/api/artists?sort=loudest')).statusCode).toBe(400);
    expect((await call('GET', '/api/artists?limit=0')).statusCode).toBe(400);
  });

  it('keeps deep pages identical to plain OFFSET paging past the page anchors', async () => {
    const now = Date.parse(nowIso());
    const rows = Array.from({ length: 1_250 }, (_, i) => {
      const at = new Date(now - (i % 7) * 1000).toISOString();
      return { name: `Bulk ${i}`, verified: false, searchText: `bulk ${i}`, createdAt: at, updatedAt: at };
    });
    for (let i = 0; i < rows.length; i += 250) {
      await t.database.db
        .insertInto('artists')
        .values(rows.slice(i, i + 250))
        .execute();
    }
    for (const sort of ['newest', 'oldest', 'name'] as const) {
      const expected = await t.database.db
        .selectFrom('artists')
        .select('id')
        .$call((qb) =>
          sort === 'name'
            ? qb.orderBy('name').orderBy('id')
            : qb
                .orderBy('createdAt', sort === 'newest' ? 'desc' : 'asc')
                .orderBy('id', sort === 'newest' ? 'desc' : 'asc'),
        )
        .execute();
      for (const offset of [499, 500, 730, 1001, 1240, 999, 1500]) {
        const res = await call('GET', `/api/artists?sort=${sort}&limit=20&offset=${offset}`);
        expect(
          res.json().map((a: { id: number }) => a.id),
          `${sort} @${offset}`,
        ).toEqual(expected.slice(offset, offset + 20).map((r) => r.id));
      }
    }
  });

  it('renaming an artist rewrites the search text of their albums and songs', async () => {
    const artist = await fx.artist('Old Name');
    const partner = await fx.artist('Partner Two');
    const single = await fx.album('Moonlight', { primary: artist });
    const duet = await fx.album('Together', { collaborators: [partner, artist] });
    const song = await fx.song(duet, 'Rain');
    await fx.song(single, 'Sun');
    const res = await call('PUT', `/api/artists/${artist}`, { name: 'نوکیں نام' });
    expect(res.statusCode).toBe(200);
    const texts = await t.database.db
      .selectFrom('albums')
      .select(['id', 'searchText'])
      .where('id', 'in', [single, duet])
      .execute();
    for (const a of texts) {
      expect(a.searchText).toContain(foldForSearch('نوکیں نام'));
      expect(a.searchText).not.toContain('old name');
    }
    const songRow = await t.database.db
      .selectFrom('songs')
      .select('searchText')
      .where('id', '=', song)
      .executeTakeFirstOrThrow();
    expect(songRow.searchText).toBe(foldForSearch('Rain Together Partner Two نوکیں نام'));
  });
});
