import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../clock';
import { HttpError } from '../../http/errors';
import { useApiTestApp } from '../../testing/api-test-app';
import { catalogueFixtures } from '../../testing/catalogue-fixtures';
import { testDialects } from '../../testing/databases';
import { getSong, insertSong, songsRepo } from './repo';

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000).toISOString();

describe.each(testDialects())('songs API on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let fx: ReturnType<typeof catalogueFixtures>;
  const ids = {} as Record<
    'genre' | 'karim' | 'shay' | 'noor' | 'sepad' | 'duet' | 'a' | 'b' | 'c' | 'd',
    number
  >;
  beforeAll(async () => {
    fx = catalogueFixtures(t.database.db);
    const genre = await t.database.db
      .insertInto('genres')
      .values({
        name: 'Laadi',
        isActive: true,
        searchText: 'laadi',
        createdAt: nowIso(),
        updatedAt: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.genre = genre.id;
    ids.karim = await fx.artist('کریم داد');
    ids.shay = await fx.artist('Shay Kasim');
    ids.noor = await fx.artist('Noor');
    ids.sepad = await fx.album('Sepad Songs', { primary: ids.karim }, { genreId: genre.id });
    ids.duet = await fx.album('دو دل', { collaborators: [ids.shay, ids.noor] });
    ids.a = await fx.song(ids.sepad, 'Zeba', {
      createdAt: at(1),
      totalStreams: 50,
      likesCount: 2,
      genreId: genre.id,
      audioFileUrl: '/media/audio/a.mp3',
    });
    ids.b = await fx.song(ids.sepad, 'Hani', {
      createdAt: at(2),
      totalStreams: 900,
      likesCount: 1,
      language: 'Brahui',
    });
    ids.c = await fx.song(ids.duet, 'ماہ', {
      createdAt: at(3),
      totalStreams: 10,
      likesCount: 40,
      status: 'draft',
    });
    ids.d = await fx.song(ids.duet, 'Night Rain', {
      createdAt: at(4),
      totalStreams: 50,
      likesCount: 0,
      status: 'processing',
      language: 'Brahui',
    });
  });

  const { call } = t;
  const titles = async (query: string) =>
    (await call('GET', `/api/songs?${query}`)).json().map((s: { title: string }) => s.title);

  it('lists newest first with album title, the album credit, cover and X-Total-Count', async () => {
    const res = await call('GET', '/api/songs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.json().map((s: { title: string }) => s.title)).toEqual(['Night Rain', 'ماہ', 'Hani', 'Zeba']);
    expect(res.json()[0]).toMatchObject({
      albumId: ids.duet,
      albumTitle: 'دو دل',
      artistName: 'Shay Kasim & Noor',
      coverArt: null,
      status: 'processing',
      language: 'Brahui',
      totalStreams: 50,
    });
    expect((await call('GET', `/api/songs/${ids.a}`)).json()).toMatchObject({
      title: 'Zeba',
      albumTitle: 'Sepad Songs',
      artistName: 'کریم داد',
      genreId: ids.genre,
      audioFileUrl: '/media/audio/a.mp3',
      likesCount: 2,
      downloadsCount: 0,
    });
  });

  it('sorts oldest, most played and most liked, ties broken by id', async () => {
    expect(await titles('sort=oldest')).toEqual(['Zeba', 'Hani', 'ماہ', 'Night Rain']);
    expect(await titles('sort=most_played')).toEqual(['Hani', 'Night Rain', 'Zeba', 'ماہ']);
    expect(await titles('sort=most_liked')).toEqual(['ماہ', 'Zeba', 'Hani', 'Night Rain']);
    expect((await call('GET', '/api/songs?sort=popular')).statusCode).toBe(400);
  });

  it('filters by language, status, album, genre and artist (primary or collaborator)', async () => {
    expect(await titles('language=Brahui')).toEqual(['Night Rain', 'Hani']);
    expect(await titles('status=draft')).toEqual(['ماہ']);
    expect(await titles('status=published&language=Balochi')).toEqual(['Zeba']);
    expect(await titles(`albumId=${ids.sepad}&sort=oldest`)).toEqual(['Zeba', 'Hani']);
    expect(await titles(`genreId=${ids.genre}`)).toEqual(['Zeba']);
    expect(await titles(`artistId=${ids.karim}`)).toEqual(['Hani', 'Zeba']);
    expect(await titles(`artistId=${ids.noor}&sort=most_played`)).toEqual(['Night Rain', 'ماہ']);
    const filtered = await call('GET', `/api/songs?artistId=${ids.shay}&language=Brahui`);
    expect(filtered.headers['x-total-count']).toBe('1');
    for (const bad of ['language=English', 'status=deleted', 'albumId=0', 'artistId=x', 'limit=1001']) {
      expect((await call('GET', `/api/songs?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('searches song title, album title and artist names, folding Arabic letter variants', async () => {
    expect(await titles('q=zeba')).toEqual(['Zeba']);
    expect(await titles('q=sepad')).toEqual(['Hani', 'Zeba']);
    // Stored with Persian ی and ک; typed with Arabic ي and ك, with and without harakat.
    for (const q of ['كريم', 'کریم', 'كَرِيم داد'])
      expect(await titles(`q=${encodeURIComponent(q)}`)).toEqual(['Hani', 'Zeba']);
    expect(await titles(`q=${encodeURIComponent('دو دل')}`)).toEqual(['Night Rain', 'ماہ']);
    expect(await titles('q=noor%20rain')).toEqual(['Night Rain']);
    expect(await titles(`q=${encodeURIComponent('ماہ')}`)).toEqual(['ماہ']);
    expect((await call('GET', '/api/songs?q=zeba')).headers['x-total-count']).toBe('1');
  });

  it('answers 404 for a missing song and 400 for a malformed id', async () => {
    expect((await call('GET', '/api/songs/999999')).json()).toMatchObject({
      code: 'NOT_FOUND',
      error: 'Song not found',
    });
    expect((await call('DELETE', '/api/songs/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/songs/-1')).statusCode).toBe(400);
  });

  it('inserts a song inside a transaction with search text from its album; refuses missing references', async () => {
    const db = t.database.db;
    const fields = {
      title: 'Inserted',
      lyricist: null,
      albumId: ids.duet,
      genreId: null,
      audioFileUrl: '/media/audio/new.mp3',
      audioFileSize: 1234,
      duration: 200,
      lyrics: null,
      language: 'Balochi',
      status: 'published',
    };
    const id = await db.transaction().execute((trx) => insertSong(trx, fields));
    expect(await getSong(db, id)).toMatchObject({ title: 'Inserted', artistName: 'Shay Kasim & Noor' });
    expect(await titles('q=inserted%20shay')).toEqual(['Inserted']);
    for (const [field, bad] of [
      ['albumId', { ...fields, albumId: 999_999 }],
      ['genreId', { ...fields, genreId: 999_999 }],
    ] as const) {
      const error = await db
        .transaction()
        .execute((trx) => insertSong(trx, bad))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).details).toEqual([{ field, message: expect.any(String) }]);
    }
    expect((await call('GET', '/api/songs')).headers['x-total-count']).toBe('5');
  });

  it('deletes a song with its likes, playlist entries and events, returning its audio URL', async () => {
    const db = t.database.db;
    const song = await fx.song(ids.sepad, 'Doomed', { audioFileUrl: '/media/audio/doomed.mp3' });
    const user = await fx.user();
    await fx.like(user, song);
    await fx.stream(song, user);
    await db
      .insertInto('downloadEvents')
      .values({ songId: song, userId: user, createdAt: nowIso() })
      .execute();
    const playlist = await db
      .insertInto('playlists')
      .values({
        name: 'Mine',
        userId: user,
        isPublic: true,
        isFeatured: false,
        isHidden: false,
        searchText: 'mine',
        createdAt: nowIso(),
        updatedAt: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('playlistSongs')
      .values({ playlistId: playlist.id, songId: song, position: 0, addedAt: nowIso() })
      .execute();
    expect(await songsRepo(db, dialect).delete(song)).toEqual({ released: ['/media/audio/doomed.mp3'] });
    for (const table of ['songLikes', 'streamEvents', 'downloadEvents', 'playlistSongs'] as const) {
      const left = await db.selectFrom(table).select('songId').where('songId', '=', song).execute();
      expect(left, table).toEqual([]);
    }
    expect((await call('DELETE', `/api/songs/${ids.c}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/songs/${ids.c}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/songs')).headers['x-total-count']).toBe('4');
  });

  it('finds songs by the new names after their artist or album is renamed', async () => {
    const res = await t.call('PUT', `/api/artists/${ids.karim}`, { name: 'Karim Dad' });
    expect(res.statusCode).toBe(200);
    expect(await titles('q=karim%20dad')).toEqual(['Hani', 'Zeba']);
    expect(await titles(`q=${encodeURIComponent('کریم')}`)).toEqual([]);
    const album = await t.call('PUT', `/api/albums/${ids.duet}`, {
      title: 'Two Hearts',
      albumType: 'collaboration',
      selectedArtists: [ids.noor],
    });
    expect(album.statusCode).toBe(200);
    expect(await titles('q=hearts')).toEqual(['Inserted', 'Night Rain']);
    expect(await titles('q=shay')).toEqual([]);
    expect((await call('GET', `/api/songs/${ids.d}`)).json().artistName).toBe('Noor');
  });

  it('pages deep lists exactly like OFFSET for every sort, with the total', async () => {
    const db = t.database.db;
    const rows = Array.from({ length: 1_300 }, (_, i) => ({
      title: `Bulk ${i}`,
      albumId: i % 2 ? ids.sepad : ids.duet,
      status: 'published',
      language: i % 3 ? 'Balochi' : 'Brahui',
      totalStreams: i % 13,
      likesCount: i % 5,
      searchText: `bulk ${i}`,
      createdAt: at(100 + (i % 400)),
      updatedAt: at(100),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('songs')
        .values(rows.slice(i, i + 200))
        .execute();
    const columns = {
      newest: ['createdAt', 'desc'],
      oldest: ['createdAt', 'asc'],
      most_played: ['totalStreams', 'desc'],
      most_liked: ['likesCount', 'desc'],
    } as const;
    for (const [sort, [column, dir]] of Object.entries(columns)) {
      for (const language of [undefined, 'Balochi'] as const) {
        const expected = (
          await db
            .selectFrom('songs')
            .select('id')
            .$if(language !== undefined, (qb) => qb.where('language', '=', language as string))
            .orderBy(column, dir)
            .orderBy('id', dir)
            .execute()
        ).map((r) => r.id);
        for (const offset of [0, 499, 500, 640, 1000, 1001, expected.length - 3, expected.length + 10, 640]) {
          const res = await call(
            'GET',
            `/api/songs?sort=${sort}&limit=25&offset=${offset}${language ? `&language=${language}` : ''}`,
          );
          expect(res.headers['x-total-count']).toBe(String(expected.length));
          expect(
            res.json().map((s: { id: number }) => s.id),
            `${sort} ${language ?? ''} @${offset}`,
          ).toEqual(expected.slice(offset, offset + 25));
        }
      }
    }
  });

  it('searches long lists the same whether a word is common or rare (SQLite probe or index)', async () => {
    const db = t.database.db;
    const rows = Array.from({ length: 900 }, (_, i) => ({
      title: i === 0 ? 'Unique Oldest Qalandar' : `Extra ${i} common`,
      albumId: ids.sepad,
      status: 'published',
      language: 'Balochi',
      searchText: i === 0 ? 'unique oldest qalandar' : `extra ${i} common`,
      createdAt: at(-1000 + i),
      updatedAt: at(0),
    }));
    for (let i = 0; i < rows.length; i += 300)
      await db
        .insertInto('songs')
        .values(rows.slice(i, i + 300))
        .execute();
    const expected = async (word: string, sort: 'newest' | 'oldest') =>
      (
        await db
          .selectFrom('songs')
          .select('id')
          .where((eb) => eb.and(word.split(' ').map((w) => eb('searchText', 'like', `%${w}%`))))
          .orderBy('createdAt', sort === 'newest' ? 'desc' : 'asc')
          .orderBy('id', sort === 'newest' ? 'desc' : 'asc')
          .execute()
      ).map((r) => r.id);
    for (const [word, sort, offset] of [
      ['common', 'newest', 0],
      ['common', 'newest', 440],
      ['common', 'oldest', 100],
      ['common', 'newest', 700],
      ['qalandar', 'newest', 0],
      ['qalandar', 'oldest', 0],
      ['bulk 12', 'newest', 0],
      ['bulk 12', 'oldest', 5],
      ['extra 8', 'newest', 0],
    ] as const) {
      const all = await expected(word, sort);
      const res = await call(
        'GET',
        `/api/songs?q=${encodeURIComponent(word)}&sort=${sort}&limit=25&offset=${offset}`,
      );
      expect(res.headers['x-total-count'], word).toBe(String(all.length));
      expect(
        res.json().map((r: { id: number }) => r.id),
        `${word} ${sort} @${offset}`,
      ).toEqual(all.slice(offset, offset + 25));
    }
  });
});
