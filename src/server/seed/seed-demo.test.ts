import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCondition } from '../db/search';
import { ingestAudio } from '../media/audio-ingest';
import { createMediaService } from '../media/media-service';
import { mediaFiles } from '../media/testing/media-dir';
import {
  albumSearchText,
  appUserSearchText,
  artistSearchText,
  bannerSearchText,
  genreSearchText,
  playlistSearchText,
  songSearchText,
} from '../modules/search-text';
import { createTestDatabase, type TestDatabase, testDialects } from '../testing/databases';
import { CatalogueNotEmptyError, seedDemo } from './seed-demo';
import { SEED_TONES, toneWav } from './tones';

const NOW = Date.UTC(2025, 2, 2, 12);

describe.each(testDialects())('demo catalogue seed (%s)', (dialect) => {
  let t: TestDatabase;
  const db = () => t.database.db;
  const count = async (table: string) => {
    const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db());
    return Number(result.rows[0]?.n);
  };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t.cleanup());
  const audio = () => {
    const media = createMediaService({ db: db(), dataDir: t.dataDir, s3Settings: async () => null });
    return { store: media.local, files: media.files };
  };

  it('fills an empty database with the demo catalogue', async () => {
    const summary = await seedDemo(t.database, { now: NOW, audio: audio() });
    expect(summary).toMatchObject({ genres: 12, artists: 40, albums: 80, songs: 360, users: 300 });
    expect(summary).toMatchObject({ playlists: 60, banners: 8 });
    expect(summary.streamEvents).toBe(18_000);
    for (const [table, n] of Object.entries({
      genres: 12,
      artists: 40,
      albums: 80,
      songs: 360,
      app_users: 300,
      playlists: 60,
      banners: 8,
      stream_events: 18_000,
      song_likes: summary.likes,
      artist_follows: summary.follows,
      playlist_songs: summary.playlistSongs,
    })) {
      expect(await count(table), table).toBe(n);
    }
    const positions = await db().selectFrom('banners').select('position').distinct().execute();
    expect(positions.map((p) => p.position).sort()).toEqual(['footer', 'hero', 'popup', 'sidebar']);
    const statuses = await db().selectFrom('songs').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['draft', 'processing', 'published']);
    const albumTypes = await db().selectFrom('albums').select('albumType').distinct().execute();
    expect(albumTypes.map((a) => a.albumType).sort()).toEqual(['collaboration', 'single']);
  });

  it('gives every song a stored, playable tune whose length is the song duration', async () => {
    const songs = await db()
      .selectFrom('songs')
      .select(['audioFileUrl', 'audioFileSize', 'audioSha256', 'duration'])
      .execute();
    const tunes = await db().selectFrom('mediaFiles').selectAll().execute();
    expect(tunes).toHaveLength(SEED_TONES);
    const byUrl = new Map(tunes.map((f) => [f.url, f]));
    for (const song of songs) {
      const file = byUrl.get(song.audioFileUrl ?? '');
      expect(file, 'song audio is a recorded file').toBeDefined();
      expect([song.audioFileSize, song.audioSha256, song.duration]).toEqual([
        Number(file?.size),
        file?.sha256,
        file?.duration,
      ]);
    }
    expect(mediaFiles(t.dataDir).filter((p) => p.endsWith('.wav'))).toHaveLength(SEED_TONES);
    // The server's own upload path reads a generated tune as real audio of the stated length.
    const { bytes, seconds } = toneWav(3);
    const read = await ingestAudio(Readable.from([bytes]), { maxBytes: 50e6, store: null, cover: false });
    expect([read.format, read.duration, read.reading.audioTrack]).toEqual(['wav', seconds, true]);
  });

  it('keeps songs.likes_count and downloads_count equal to the like and download rows', async () => {
    const mismatched = await sql<{ n: number }>`
      select count(*) as n from songs s
      where s.likes_count <> (select count(*) from song_likes l where l.song_id = s.id)
         or s.downloads_count <> (select count(*) from download_events d where d.song_id = s.id)
         or s.total_streams < (select count(*) from stream_events e where e.song_id = s.id)`.execute(db());
    expect(Number(mismatched.rows[0]?.n)).toBe(0);
    const liked = await sql<{ n: number }>`select count(*) as n from songs where likes_count > 0`.execute(
      db(),
    );
    expect(Number(liked.rows[0]?.n)).toBeGreaterThan(100);
  });

  it('spreads streams over the last 60 days, mostly by signed-in users', async () => {
    const span = await db()
      .selectFrom('streamEvents')
      .select((eb) => [eb.fn.min('createdAt').as('first'), eb.fn.max('createdAt').as('last')])
      .executeTakeFirstOrThrow();
    expect(Date.parse(String(span.first))).toBeGreaterThanOrEqual(NOW - 60 * 86_400_000);
    expect(Date.parse(String(span.last))).toBeLessThanOrEqual(NOW);
    const days = await sql<{ n: number }>`
      select count(distinct substr(created_at, 1, 10)) as n from stream_events`.execute(db());
    expect(Number(days.rows[0]?.n)).toBeGreaterThanOrEqual(59);
    const anonymous = await sql<{ n: number }>`
      select count(*) as n from stream_events where user_id is null`.execute(db());
    expect(Number(anonymous.rows[0]?.n)).toBeLessThan(18_000 * 0.25);
  });

  it("writes every search_text with its table's builder", async () => {
    const artists = await db().selectFrom('artists').select(['name', 'country', 'searchText']).execute();
    for (const a of artists) expect(a.searchText).toBe(artistSearchText(a));
    const genres = await db().selectFrom('genres').select(['name', 'description', 'searchText']).execute();
    for (const g of genres) expect(g.searchText).toBe(genreSearchText(g));
    const users = await db()
      .selectFrom('appUsers')
      .select(['firstName', 'lastName', 'username', 'email', 'searchText'])
      .execute();
    for (const u of users) expect(u.searchText).toBe(appUserSearchText(u));

    // An album is credited to its primary artist (single) or its collaborators in order.
    const albums = await db()
      .selectFrom('albums as al')
      .leftJoin('artists as pa', 'pa.id', 'al.primaryArtistId')
      .leftJoin('albumArtists as aa', 'aa.albumId', 'al.id')
      .leftJoin('artists as ca', 'ca.id', 'aa.artistId')
      .select([
        'al.id',
        'al.title',
        'al.albumType',
        'al.searchText',
        'pa.name as primary',
        'ca.name as collaborator',
      ])
      .orderBy('al.id')
      .orderBy('aa.position')
      .execute();
    const albumNames = new Map<number, { title: string; searchText: string; names: string[] }>();
    for (const r of albums) {
      const album = albumNames.get(r.id) ?? { title: r.title, searchText: r.searchText, names: [] };
      if (r.albumType === 'single') {
        expect(r.primary).not.toBeNull();
        expect(r.collaborator).toBeNull();
        album.names.push(r.primary as string);
      } else {
        expect(r.primary).toBeNull();
        album.names.push(r.collaborator as string);
      }
      albumNames.set(r.id, album);
    }
    expect(albumNames.size).toBe(80);
    for (const a of albumNames.values()) expect(a.searchText).toBe(albumSearchText(a));

    const songs = await db()
      .selectFrom('songs as s')
      .innerJoin('albums as al', 'al.id', 's.albumId')
      .select(['s.title', 's.albumId', 's.searchText', 'al.title as albumTitle'])
      .limit(50)
      .execute();
    for (const s of songs) {
      const album = albumNames.get(s.albumId);
      expect(s.searchText).toBe(songSearchText(s.title, { title: s.albumTitle, names: album?.names ?? [] }));
    }

    const playlists = await db()
      .selectFrom('playlists as p')
      .leftJoin('appUsers as u', 'u.id', 'p.userId')
      .select(['p.name', 'p.description', 'p.searchText', 'u.firstName', 'u.lastName', 'u.username'])
      .execute();
    for (const p of playlists) {
      const owner = p.username
        ? { firstName: p.firstName, lastName: p.lastName, username: p.username }
        : null;
      expect(p.searchText).toBe(playlistSearchText(p, owner));
    }
    const banners = await db().selectFrom('banners').select(['title', 'description', 'searchText']).execute();
    for (const b of banners) expect(b.searchText).toBe(bannerSearchText(b));
  });

  it('makes Arabic-script names findable through the folding search', async () => {
    const find = async (q: string) => {
      const condition = searchCondition(dialect, 'artists', 'a', q);
      if (!condition) throw new Error('no search condition');
      const rows = await db().selectFrom('artists as a').select('a.name').where(condition).execute();
      return rows.map((r) => r.name);
    };
    // Stored with Arabic kaf and yeh (كريم), found with the Balochi letters and with harakat.
    expect(await find('کریم بلوچ')).toContain('كريم بلوچ');
    expect(await find('كَرِيم')).toContain('كريم بلوچ');
    expect(await find('بزنجو')).toEqual(expect.arrayContaining(['نور خان بزنجو', 'دلجان بزنجو']));
    expect(await find('فاطمه')).toContain('فاطمة سربازي');
    expect(await find('chanal')).toEqual(['Akhtar Chanal']);

    const songs = await db()
      .selectFrom('songs as s')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(searchCondition(dialect, 'songs', 's', 'watan') ?? sql<boolean>`false`)
      .executeTakeFirstOrThrow();
    expect(Number(songs.n)).toBeGreaterThan(0);
  });

  it('refuses a database that has catalogue data, and changes nothing', async () => {
    await expect(seedDemo(t.database, { now: NOW, audio: audio() })).rejects.toThrow(CatalogueNotEmptyError);
    expect(mediaFiles(t.dataDir)).toHaveLength(SEED_TONES);
    await expect(seedDemo(t.database, { now: NOW })).rejects.toThrow(/already has catalogue data.*--force/);
    expect(await count('songs')).toBe(360);
    expect(await count('artists')).toBe(40);
  });

  it('adds a second catalogue with force, with fresh ids and unique usernames', async () => {
    const summary = await seedDemo(t.database, { now: NOW, force: true, songs: 50 });
    expect(summary.songs).toBe(50);
    expect(await count('songs')).toBe(410);
    expect(await count('app_users')).toBe(600);
    expect(await count('artists')).toBe(80);
    // The id sequences moved past the explicit ids (PostgreSQL): a plain insert still works.
    const genre = await db()
      .insertInto('genres')
      .values({ name: 'Test', isActive: true, searchText: 'test', createdAt: 'x', updatedAt: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(genre.id).toBe(25);
  });

  it('seeds as many app users and playlists as asked, and refuses counts out of range', async () => {
    const before = { users: await count('app_users'), playlists: await count('playlists') };
    const summary = await seedDemo(t.database, {
      now: NOW,
      force: true,
      songs: 20,
      users: 1500,
      playlists: 450,
    });
    expect(summary).toMatchObject({ users: 1500, playlists: 450 });
    expect(await count('app_users')).toBe(before.users + 1500);
    expect(await count('playlists')).toBe(before.playlists + 450);
    for (const bad of [{ users: -1 }, { playlists: 1.5 }, { users: 2_000_000 }])
      await expect(seedDemo(t.database, { now: NOW, force: true, ...bad })).rejects.toThrow(RangeError);
    expect(await count('app_users')).toBe(before.users + 1500);
  });
});

describe('npm run seed:demo', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nazenk-seed-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.resolve('scripts/seed-demo.ts'), ...args],
      { env: { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'demo.db')}`, DATA_DIR: dir } },
    );

  it('seeds an empty database, then refuses to seed it again with exit code 1', async () => {
    const bad = await run('--users', 'many').then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--users: Usage/);
    const first = await run('--songs', '120', '--users', '700', '--playlists', '90');
    expect(first.stdout).toMatch(/songs\s+120/);
    expect(first.stdout).toMatch(/users\s+700/);
    expect(first.stdout).toMatch(/playlists\s+90\n/);
    expect(mediaFiles(dir).filter((p) => /^audio\/.+\.wav$/.test(p))).toHaveLength(SEED_TONES);
    const second = await run().then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/already has catalogue data .*120 songs.*--force/);
  }, 60_000);
});
