import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { seedDownloads, seedLikes, seedStreams } from './activity';
import { seedBanners } from './banners';
import { seedAlbums, seedArtists, seedGenres } from './catalogue';
import type { SeedContext } from './context';
import { seedPlaylists } from './playlists';
import { Random } from './random';
import { seedSongs } from './songs';
import { type SeedAudioTarget, type SeedTone, storeSeedTones } from './tones';
import { seedFollows, seedUsers } from './users';

export const DEFAULT_SONGS = 360;
export const MAX_SONGS = 1_000_000;
export const MAX_USERS = 1_000_000;
export const MAX_PLAYLISTS = 1_000_000;
const DEFAULT_SEED = 20_240_302;
const MAX_STREAM_EVENTS = 200_000;

export interface SeedOptions {
  songs?: number;
  /** Add to a database that already has catalogue data. */
  force?: boolean;
  seed?: number;
  now?: number;
  /** App users and playlists instead of the sizes' default (e.g. 100,000 and 20,000 to measure the screens). */
  users?: number;
  playlists?: number;
  /**
   * Where the songs' audio goes (generated tunes). Without it the songs have no audio: benchmarks and
   * tests that only need rows.
   */
  audio?: SeedAudioTarget;
}

export interface SeedSummary {
  genres: number;
  artists: number;
  albums: number;
  songs: number;
  users: number;
  follows: number;
  likes: number;
  downloads: number;
  streamEvents: number;
  playlists: number;
  playlistSongs: number;
  banners: number;
}

export class CatalogueNotEmptyError extends Error {}

/** How big each part of the catalogue is for a number of songs: the demo, or a benchmark's 100,000. */
export function catalogueSizes(songs: number) {
  const artists = Math.max(40, Math.min(2_000, Math.round(songs / 50)));
  return {
    artists,
    albums: Math.max(80, Math.round(songs / 10)),
    users: 300,
    playlists: 60,
    streamEvents: Math.min(MAX_STREAM_EVENTS, songs * 50),
    meanLikes: Math.min(6, 200_000 / songs),
    meanDownloads: Math.min(2, 50_000 / songs),
    meanFollowers: Math.min(20, 60_000 / artists),
  };
}

const SEEDED_TABLES = [
  'genres',
  'artists',
  'albums',
  'album_artists',
  'songs',
  'app_users',
  'artist_follows',
  'song_likes',
  'download_events',
  'stream_events',
  'playlists',
  'playlist_songs',
  'banners',
];
const CATALOGUE_TABLES = [
  'genres',
  'artists',
  'albums',
  'songs',
  'appUsers',
  'playlists',
  'banners',
] as const;

/** Rows already in the catalogue tables, by table (only tables that have any). */
export async function existingCatalogue(db: Kysely<DB>): Promise<Record<string, number>> {
  const counts = await Promise.all(
    CATALOGUE_TABLES.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts.filter(([, n]) => n > 0));
}

async function refuseNonEmpty(db: Kysely<DB>): Promise<void> {
  const existing = await existingCatalogue(db);
  if (Object.keys(existing).length === 0) return;
  const found = Object.entries(existing)
    .map(([table, n]) => `${n} ${table === 'appUsers' ? 'app users' : table}`)
    .join(', ');
  throw new CatalogueNotEmptyError(
    `The database already has catalogue data (${found}); nothing was changed. ` +
      'Run with --force to add the demo catalogue to it anyway.',
  );
}

/**
 * Fills the database with a believable Balochi and Brahui catalogue, all in one transaction. Refuses
 * (CatalogueNotEmptyError) when catalogue data exists, unless `force`, which adds to it.
 */
export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const songCount = options.songs ?? DEFAULT_SONGS;
  if (!Number.isInteger(songCount) || songCount < 1 || songCount > MAX_SONGS)
    throw new RangeError(`songs must be a whole number from 1 to ${MAX_SONGS}`);
  const sizes = catalogueSizes(songCount);
  for (const [name, value, max] of [
    ['users', options.users, MAX_USERS],
    ['playlists', options.playlists, MAX_PLAYLISTS],
  ] as const) {
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0 || value > max)
      throw new RangeError(`${name} must be a whole number from 0 to ${max}`);
    sizes[name] = value;
  }
  if (!options.force) await refuseNonEmpty(database.db);
  const tones: SeedTone[] = options.audio ? await storeSeedTones(options.audio) : [];

  const summary = await database.db.transaction().execute(async (trx) => {
    if (!options.force) await refuseNonEmpty(trx);
    const ctx: SeedContext = {
      db: trx,
      dialect: database.dialect,
      random: new Random(options.seed ?? DEFAULT_SEED),
      now: options.now ?? Date.now(),
    };
    const genres = await seedGenres(ctx);
    const artists = await seedArtists(ctx, sizes.artists);
    const albums = await seedAlbums(ctx, sizes.albums, artists, genres);
    const users = await seedUsers(ctx, sizes.users);
    const songs = await seedSongs(
      ctx,
      songCount,
      albums,
      genres,
      {
        streamEvents: sizes.streamEvents,
        meanLikes: sizes.meanLikes,
        meanDownloads: sizes.meanDownloads,
        maxLikes: users.length,
      },
      tones,
    );
    const likes = await seedLikes(ctx, songs, users);
    const downloads = await seedDownloads(ctx, songs, users);
    const streamEvents = await seedStreams(ctx, songs, users);
    const follows = await seedFollows(ctx, artists, users, sizes.meanFollowers);
    const playlists = await seedPlaylists(ctx, sizes.playlists, users, genres, songs);
    const banners = await seedBanners(ctx);
    return {
      genres: genres.length,
      artists: artists.length,
      albums: albums.length,
      songs: songs.count,
      users: users.length,
      follows,
      likes,
      downloads,
      streamEvents,
      playlists: playlists.playlists,
      playlistSongs: playlists.entries,
      banners,
    };
  });
  // PostgreSQL's autovacuum would soon analyze the new rows; do it now so plans are right at once.
  if (database.dialect === 'postgres')
    await sql`analyze ${sql.join(SEEDED_TABLES.map((t) => sql.table(t)))}`.execute(database.db);
  return summary;
}
