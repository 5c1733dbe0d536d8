import { beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../contract/search-fold';
import { useApiTestApp } from '../../testing/api-test-app';
import { catalogueFixtures } from '../../testing/catalogue-fixtures';
import { testDialects } from '../../testing/databases';

describe.each(testDialects())('albums API on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let fx: ReturnType<typeof catalogueFixtures>;
  let karim: number;
  let shay: number;
  let noor: number;
  let genre: number;
  beforeAll(async () => {
    fx = catalogueFixtures(t.database.db);
    karim = await fx.artist('کریم جان');
    shay = await fx.artist('Shay Kasim');
    noor = await fx.artist('Noor');
    genre = (await t.call('POST', '/api/genres', { name: 'Zahirok' })).json().id;
  });

  const { call } = t;
  const titles = async (query: string) =>
    (await call('GET', `/api/albums?${query}`)).json().map((a: { title: string }) => a.title);
  const total = async () => (await call('GET', '/api/albums')).headers['x-total-count'];
  const collaboratorRows = (albumId: number) =>
    t.database.db
      .selectFrom('albumArtists')
      .select(['artistId', 'position'])
      .where('albumId', '=', albumId)
      .orderBy('position')
      .execute();

  it('creates a single with names resolved and empty fields stored as null', async () => {
    const res = await call('POST', '/api/albums', {
      title: ' Sepad ',
      albumType: 'single',
      primaryArtistId: karim,
      selectedArtists: [shay],
      genreId: genre,
      releaseDate: '',
      description: '',
      coverArt: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Sepad',
      albumType: 'single',
      primaryArtistId: karim,
      primaryArtistName: 'کریم جان',
      artistName: 'کریم جان',
      collaboratingArtists: [],
      collaboratingArtistIds: [],
      genreId: genre,
      genreName: 'Zahirok',
      releaseDate: null,
      description: null,
      coverArt: null,
      totalTracks: 0,
      totalStreams: 0,
    });
    expect(await collaboratorRows(res.json().id)).toEqual([]);
  });

  it('creates a collaboration without a primary artist, collaborators in the order chosen', async () => {
    const res = await call('POST', '/api/albums', {
      title: 'Yaar',
      albumType: 'collaboration',
      primaryArtistId: karim,
      selectedArtists: [shay, karim, noor, shay],
      releaseDate: '2021-03-04T10:00:00Z',
    });
    expect(res.statusCode).toBe(201);
    const album = res.json();
    expect(album).toMatchObject({
      albumType: 'collaboration',
      primaryArtistId: null,
      primaryArtistName: null,
      collaboratingArtists: ['Shay Kasim', 'کریم جان', 'Noor'],
      collaboratingArtistIds: [shay, karim, noor],
      artistName: 'Shay Kasim + 2 others',
      releaseDate: '2021-03-04',
    });
    expect(await collaboratorRows(album.id)).toEqual([
      { artistId: shay, position: 0 },
      { artistId: karim, position: 1 },
      { artistId: noor, position: 2 },
    ]);
    const duo = await call('POST', '/api/albums', {
      title: 'Duo',
      albumType: 'collaboration',
      selectedArtists: [noor, shay],
    });
    expect(duo.json().artistName).toBe('Noor & Shay Kasim');
  });

  it('validates with the spec messages and the field named, storing nothing', async () => {
    const before = await total();
    const detail = async (body: object) => {
      const res = await call('POST', '/api/albums', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().details[0];
    };
    expect(await detail({ title: '  ', primaryArtistId: karim })).toEqual({
      field: 'title',
      message: 'Album title is required',
    });
    expect(await detail({ title: 'X', albumType: 'single' })).toEqual({
      field: 'primaryArtistId',
      message: 'Primary artist is required for single albums',
    });
    expect(await detail({ title: 'X', albumType: 'collaboration', selectedArtists: [] })).toEqual({
      field: 'selectedArtists',
      message: 'At least one artist is required for collaboration albums',
    });
    expect((await call('POST', '/api/albums', { title: '', primaryArtistId: karim })).json().error).toBe(
      'title: Album title is required',
    );
    for (const bad of [
      { title: 'X', primaryArtistId: karim, albumType: 'compilation' },
      { title: 'X', primaryArtistId: karim, releaseDate: '2021-02-30' },
      { title: 'X', primaryArtistId: karim, coverArt: 'not a url' },
      { title: 'X', primaryArtistId: 'abc' },
      { title: 'X', primaryArtistId: karim, tracks: 3 },
      { title: 'X'.repeat(201), primaryArtistId: karim },
      {
        title: 'X',
        albumType: 'collaboration',
        selectedArtists: Array.from({ length: 21 }, (_, i) => i + 1),
      },
    ]) {
      expect((await detail(bad)).field).toBeTruthy();
    }
    expect(await total()).toBe(before);
  });

  it('answers 400 naming the field for references to missing rows, storing nothing', async () => {
    const before = await total();
    const missing = async (body: object) => {
      const res = await call('POST', '/api/albums', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      return res.json().details.map((d: { field: string }) => d.field);
    };
    expect(await missing({ title: 'X', primaryArtistId: 999_999 })).toEqual(['primaryArtistId']);
    expect(
      await missing({ title: 'X', albumType: 'collaboration', selectedArtists: [karim, 999_998] }),
    ).toEqual(['selectedArtists']);
    expect(await missing({ title: 'X', primaryArtistId: karim, genreId: 999_997 })).toEqual(['genreId']);
    const res = await call('POST', '/api/albums', { title: 'X', primaryArtistId: 999_999, genreId: 999_997 });
    expect(res.json().error).toBe('primaryArtistId: Artist 999999 does not exist');
    expect(await total()).toBe(before);
  });

  it('replaces fields and collaborators on PUT; 404 for missing; a bad reference changes nothing', async () => {
    const id = (
      await call('POST', '/api/albums', {
        title: 'Duet',
        albumType: 'collaboration',
        selectedArtists: [karim, shay],
      })
    ).json().id;
    const changed = await call('PUT', `/api/albums/${id}`, {
      title: 'Trio',
      albumType: 'collaboration',
      selectedArtists: [noor, karim, shay],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().collaboratingArtistIds).toEqual([noor, karim, shay]);
    const bad = await call('PUT', `/api/albums/${id}`, {
      title: 'Broken',
      albumType: 'collaboration',
      selectedArtists: [noor, 999_999],
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/albums/${id}`)).json()).toMatchObject({
      title: 'Trio',
      collaboratingArtistIds: [noor, karim, shay],
    });
    const single = await call('PUT', `/api/albums/${id}`, { title: 'Trio', primaryArtistId: noor });
    expect(single.json()).toMatchObject({
      albumType: 'single',
      artistName: 'Noor',
      collaboratingArtists: [],
    });
    expect(await collaboratorRows(id)).toEqual([]);
    expect((await call('PUT', '/api/albums/999999', { title: 'X', primaryArtistId: noor })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/albums/999999')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('DELETE', '/api/albums/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/albums/abc')).statusCode).toBe(400);
  });

  it('counts tracks and streams from its songs and refuses to delete an album with songs', async () => {
    const id = await fx.album('Full', { primary: shay });
    await fx.song(id, 'One', { totalStreams: 120 });
    await fx.song(id, 'Two', { totalStreams: 3 });
    expect((await call('GET', `/api/albums/${id}`)).json()).toMatchObject({
      totalTracks: 2,
      totalStreams: 123,
    });
    const res = await call('DELETE', `/api/albums/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Album still has 2 songs', code: 'CONFLICT', details: { songs: 2 } });
    expect((await call('GET', `/api/albums/${id}`)).json().totalTracks).toBe(2);
  });

  it('deletes an empty album with its collaborator rows', async () => {
    const id = await fx.album('Empty', { collaborators: [karim, noor] });
    expect((await call('DELETE', `/api/albums/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/albums/${id}`)).statusCode).toBe(404);
    expect(await collaboratorRows(id)).toEqual([]);
  });

  it('searches title or any credited artist name, folding Arabic letter variants', async () => {
    await fx.album('لاڑی', { collaborators: [noor, karim] });
    expect(await titles(`q=${encodeURIComponent('لاڑی')}`)).toEqual(['لاڑی']);
    const byKarim = await titles(`q=${encodeURIComponent('كَرِيم')}`);
    expect(byKarim).toContain('لاڑی');
    expect(byKarim).toContain('Sepad');
    expect(byKarim).toEqual(await titles(`q=${encodeURIComponent('کریم')}`));
    expect(await titles('q=sepad')).toEqual(['Sepad']);
  });

  it('filters by genre, artist (primary or collaborator) and year; lists years newest first', async () => {
    const other = await fx.artist('Filter Artist');
    await fx.album('Old', { primary: other }, { releaseDate: '1999-05-01', genreId: genre });
    await fx.album('New', { collaborators: [noor, other] }, { releaseDate: '2024-01-31' });
    await fx.album('Also New', { primary: noor }, { releaseDate: '2024-12-31' });
    expect(await titles(`artistId=${other}&sort=title`)).toEqual(['New', 'Old']);
    expect(await titles('year=2024&sort=title')).toEqual(['Also New', 'New']);
    expect(await titles(`year=1999&genreId=${genre}`)).toEqual(['Old']);
    expect(await titles(`genreId=${genre}&sort=oldest`)).toEqual(['Sepad', 'Old']);
    expect((await call('GET', '/api/albums/years')).json()).toEqual([2024, 2021, 1999]);
    const release = await titles('sort=release');
    expect(release.slice(0, 4)).toEqual(['Also New', 'New', 'Yaar', 'Old']);
    expect((await call('GET', '/api/albums?year=99')).statusCode).toBe(400);
  });

  it('pages with limit/offset and X-Total-Count', async () => {
    const all = await call('GET', '/api/albums?sort=title&limit=1000');
    const count = Number(all.headers['x-total-count']);
    expect(count).toBe(all.json().length);
    const page = await call('GET', '/api/albums?sort=title&limit=2&offset=3');
    expect(page.headers['x-total-count']).toBe(String(count));
    expect(page.json().map((a: { id: number }) => a.id)).toEqual(
      all
        .json()
        .slice(3, 5)
        .map((a: { id: number }) => a.id),
    );
    expect(await titles('offset=100000')).toEqual([]);
  });

  it('keeps album and song search true when the album or its artist is renamed', async () => {
    const artist = await fx.artist('Before Rename');
    const id = await fx.album('Rainy Day', { primary: artist });
    const song = await fx.song(id, 'Drops');
    const songText = async () =>
      (
        await t.database.db
          .selectFrom('songs')
          .select('searchText')
          .where('id', '=', song)
          .executeTakeFirstOrThrow()
      ).searchText;
    await call('PUT', `/api/albums/${id}`, {
      title: 'Sunny Day',
      albumType: 'collaboration',
      selectedArtists: [artist, shay],
    });
    expect(await songText()).toBe(foldForSearch('Drops Sunny Day Before Rename Shay Kasim'));
    expect(await titles('q=rainy')).toEqual([]);
    await call('PUT', `/api/artists/${artist}`, { name: 'After Rename' });
    expect(await titles('q=after%20rename')).toEqual(['Sunny Day']);
    expect(await titles('q=before')).toEqual([]);
    expect(await songText()).toBe(foldForSearch('Drops Sunny Day After Rename Shay Kasim'));
  });
});
