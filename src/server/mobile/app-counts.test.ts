import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';
import { listener } from './testing';

// Decision 0007 (shared catalogue reads): the app sees published songs only, so the song counts and stream
// totals it is shown on albums, artists and genres count published songs only; an admin sees every song.
describe.each(testDialects())('song counts shown to the app on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  /**
   * A genre, an artist and an album holding two published songs (10 and 20 streams), one draft and one
   * archived song (300 and 4000 streams, from when they were published).
   */
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
    const songIds: number[] = [];
    for (const [title, status, totalStreams] of [
      ['یک', 'published', 10],
      ['دو', 'published', 20],
      ['سه', 'draft', 300],
      ['چار', 'archived', 4000],
    ] as const) {
      songIds.push(await fx.song(albumId, `${name} ${title}`, { status, genreId, totalStreams }));
    }
    return { genreId, artistId, albumId, songIds };
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
      albumStreams: album.data?.totalStreams,
      artistStreams: artist.data?.totalStreams,
    };
  };

  it('counts published songs and their streams only for the app, every song for an admin, by id', async () => {
    const ids = await catalogue('Kech');
    expect(await counts({}, ids)).toEqual({
      albumTracks: 2,
      artistSongs: 2,
      genreSongs: 2,
      albumStreams: 30,
      artistStreams: 30,
    });
    expect(await counts({ cookie }, ids)).toEqual({
      albumTracks: 4,
      artistSongs: 4,
      genreSongs: 4,
      albumStreams: 4330,
      artistStreams: 4330,
    });
  });

  it('counts the listeners of published songs only for the app', async () => {
    const ids = await catalogue('Gwadar');
    const [published, , draft, archived] = ids.songIds;
    const createdAt = new Date().toISOString();
    for (const [songId, { id: userId }] of [
      [published, await listener(t.database.db)],
      [draft, await listener(t.database.db)],
      [archived, await listener(t.database.db)],
    ] as const) {
      await t.database.db
        .insertInto('streamEvents')
        .values({ songId: songId as number, userId, createdAt })
        .execute();
    }
    const listeners = async (headers: Record<string, string>) =>
      (
        await typedClient(t.app, headers).GET('/api/artists/{id}', {
          params: { path: { id: ids.artistId } },
        })
      ).data?.monthlyListeners;
    expect(await listeners({})).toBe(1);
    expect(await listeners({ cookie })).toBe(3);
  });

  it('orders the app’s artists by the streams of their published songs only', async () => {
    const fx = catalogueFixtures(t.database.db);
    // Fewer published streams than the other artist, but far more counting an archived song.
    const archivedHits = await fx.artist('Turbat دوم');
    const archivedAlbum = await fx.album('Turbat آلبوم دوم', { primary: archivedHits });
    await fx.song(archivedAlbum, 'Turbat یک', { status: 'published', totalStreams: 5 });
    await fx.song(archivedAlbum, 'Turbat دو', { status: 'archived', totalStreams: 9000 });
    const published = await fx.artist('Turbat اول');
    await fx.song(await fx.album('Turbat آلبوم اول', { primary: published }), 'Turbat سه', {
      status: 'published',
      totalStreams: 50,
    });
    const order = async (headers: Record<string, string>) =>
      (
        await typedClient(t.app, headers).GET('/api/artists', {
          params: { query: { q: 'Turbat', sort: 'streams' } },
        })
      ).data?.map((a) => [a.id, a.totalStreams]);
    expect(await order({})).toEqual([
      [published, 50],
      [archivedHits, 5],
    ]);
    expect(await order({ cookie })).toEqual([
      [archivedHits, 9005],
      [published, 50],
    ]);
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
    expect(found?.albums?.items.find((a) => a.id === ids.albumId)?.totalStreams).toBe(30);
    expect(found?.artists?.items.find((a) => a.id === ids.artistId)?.totalStreams).toBe(30);
    expect(albums.data?.find((a) => a.id === ids.albumId)?.totalStreams).toBe(30);
    expect(artists.data?.find((a) => a.id === ids.artistId)?.totalStreams).toBe(30);
    const admin = typedClient(t.app, { cookie });
    const adminAlbums = await admin.GET('/api/albums', { params: { query: { q: 'Panjgur' } } });
    expect(adminAlbums.data?.find((a) => a.id === ids.albumId)?.totalTracks).toBe(4);
    expect(adminAlbums.data?.find((a) => a.id === ids.albumId)?.totalStreams).toBe(4330);
    const adminGenres = await admin.GET('/api/genres', { params: { query: { q: 'panjgur' } } });
    expect(adminGenres.data?.find((g) => g.id === ids.genreId)?.songCount).toBe(4);
  });
});
