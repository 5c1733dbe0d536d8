// Demo catalogue: npm run seed:demo [-- --songs <n>] [--users <n>] [--playlists <n>] [--force]
// Fills the database of DATABASE_URL (after running migrations) with Balochi and Brahui artists,
// albums, songs (each playing one of a dozen tunes generated as WAV into the active media store), users,
// playlists, banners and two months of listening. Refuses a database that already
// has catalogue data unless --force is given, in which case the demo catalogue is added to it.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { appMedia } from '../src/server/media/setup';
import {
  CatalogueNotEmptyError,
  DEFAULT_SONGS,
  MAX_PLAYLISTS,
  MAX_SONGS,
  MAX_USERS,
  seedDemo,
} from '../src/server/seed/seed-demo';

const USAGE = `Usage: npm run seed:demo -- [--songs <1-${MAX_SONGS}>] [--users <0-${MAX_USERS}>] [--playlists <0-${MAX_PLAYLISTS}>] [--force]`;

/** An optional whole-number flag from `min` to `max`. */
function parseCount(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) throw new Error(`--${flag}: ${USAGE}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      songs: { type: 'string' },
      users: { type: 'string' },
      playlists: { type: 'string' },
      force: { type: 'boolean', default: false },
      seed: { type: 'string' },
    },
  });
  const songs = parseCount('songs', values.songs, 1, MAX_SONGS) ?? DEFAULT_SONGS;
  const users = parseCount('users', values.users, 0, MAX_USERS);
  const playlists = parseCount('playlists', values.playlists, 0, MAX_PLAYLISTS);
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    const started = performance.now();
    const media = appMedia(database, config);
    const summary = await seedDemo(database, {
      audio: { store: await media.activeStore(), files: media.files },
      songs,
      force: values.force,
      ...(users === undefined ? {} : { users }),
      ...(playlists === undefined ? {} : { playlists }),
      ...(values.seed ? { seed: Number(values.seed) } : {}),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where = config.database.dialect === 'sqlite' ? config.database.path : 'PostgreSQL';
    console.log(`Demo catalogue seeded into ${where} in ${seconds} s:`);
    for (const [name, count] of Object.entries(summary)) console.log(`  ${name.padEnd(14)} ${count}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof CatalogueNotEmptyError || err instanceof ConfigError) console.error(err.message);
  else console.error('Seeding failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
