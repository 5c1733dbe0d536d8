import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';

// Decision 0007 (shared catalogue reads): the app sees published songs only, so the song counts it is
// shown on albums, artists and genres count published songs only; an admin sees every song counted.
describe.each(testDialects())('song counts shown to the app on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  /** A genre, an artist and an album holding two published songs, one draft and one archived song. */
  const catalogue = async (name: string) => {
    const fx = catalogueFixtures(t.database.db);
    const now = new Date().toISOString();
    const genreId = (
      await t.database.db
        .insertInto('genres')
        .values({ name, isActive: true, searchText: name.toLowerCase(), createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const artistId = await fx.artist(`${name} خواننده`);
    const albumId = await fx.album(`${name} آلبوم`, { primary: artistId }, { genreId });
    for (const [title, status] of [
      ['یک', 'published'],
      ['دو', 'published'],
      ['سه', 'draft'],
      ['چار', 'archived'],
    ]) {
      await fx.song(albumId, `${name} ${title}`, { status, genreId });
    }
    return { genreId, artistId, albumId };
  };

  const counts = async (headers: Record<string, string>, ids: Awaited<ReturnType<typeof catalogue>>) => {
    const api = typedClient(t.app, headers);
    const [album, artist, genre] = await Promise.all([
      api.GET('/api/albums/{id}', { params: { path: { id: ids.albumId } } }),
      api.GET('/api/artists/{id}', { params: { path: { id: ids.artistId } } }),
      api.GET('/api/genres/{id}', { params: { path: { id: ids.genreId } } }),
    ]);
    return {
      albumTracks: album.data?.totalTracks,
      artistSongs: artist.data?.songCount,
      genreSongs: genre.data?.songCount,
    };
  };

  it('counts published songs only for the app, every song for an admin, by id', async () => {
    const ids = await catalogue('Kech');
    expect(await counts({}, ids)).toEqual({ albumTracks: 2, artistSongs: 2, genreSongs: 2 });
    expect(await counts({ cookie }, ids)).toEqual({ albumTracks: 4, artistSongs: 4, genreSongs: 4 });
  });

  it('counts published songs only in the app’s lists, search and featured albums', async () => {
    const ids = await catalogue('Panjgur');
    const app = typedClient(t.app);
    const albums = await app.GET('/api/albums', { params: { query: { q: 'Panjgur' } } });
    expect(albums.data?.find((a) => a.id === ids.albumId)?.totalTracks).toBe(2);
    const artists = await app.GET('/api/artists', { params: { query: { q: 'Panjgur' } } });
    expect(artists.data?.find((a) => a.id === ids.artistId)?.songCount).toBe(2);
    const genres = await app.GET('/api/genres', { params: { query: { q: 'panjgur' } } });
    expect(genres.data?.find((g) => g.id === ids.genreId)?.songCount).toBe(2);
    const found = (await app.GET('/api/search', { params: { query: { q: 'Panjgur' } } })).data?.data;
    expect(found?.albums?.items.find((a) => a.id === ids.albumId)?.totalTracks).toBe(2);
    expect(found?.artists?.items.find((a) => a.id === ids.artistId)?.songCount).toBe(2);
    const admin = typedClient(t.app, { cookie });
    const adminAlbums = await admin.GET('/api/albums', { params: { query: { q: 'Panjgur' } } });
    expect(adminAlbums.data?.find((a) => a.id === ids.albumId)?.totalTracks).toBe(4);
    const adminGenres = await admin.GET('/api/genres', { params: { query: { q: 'panjgur' } } });
    expect(adminGenres.data?.find((g) => g.id === ids.genreId)?.songCount).toBe(4);
  });
});
