import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Dialect } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { appMedia } from '../../src/server/media/setup';
import { type SeedSummary, seedDemo } from '../../src/server/seed/seed-demo';

export interface BenchDatabase {
  dialect: Dialect;
  /** DATABASE_URL for the server. */
  url: string;
  dataDir: string;
  seedSeconds: number;
  summary: SeedSummary;
  /** A search word few songs match: the name of one artist (its songs carry it in their search text). */
  rareWord: string;
  drop(): Promise<void>;
}

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
/** Its own name per run: other benchmarks may share the PostgreSQL server. */
const PG_DATABASE = `nazenk_bench_${process.pid}`;

async function onPgServer(statement: string) {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database (a temporary SQLite file, or the nazenk_bench PostgreSQL database) seeded with `songs`. */
export async function createBenchDatabase(dialect: Dialect, songs: number): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `nazenk-bench-${dialect}-`));
  let url = `sqlite:${path.join(dataDir, 'catalogue.db')}`;
  if (dialect === 'postgres') {
    await onPgServer(`drop database if exists ${PG_DATABASE} with (force)`);
    await onPgServer(`create database ${PG_DATABASE}`);
    url = `${PG_SERVER}/${PG_DATABASE}`;
  }
  const config =
    dialect === 'sqlite' ? { dialect, path: path.join(dataDir, 'catalogue.db') } : { dialect, url };
  const database = openDatabase(config);
  let summary: SeedSummary;
  let rareWord: string;
  const started = performance.now();
  try {
    await migrateToLatest(database);
    // With the demo's generated tunes in DATA_DIR/media, as npm run seed:demo does: the app's stream call
    // answers only for songs with audio. No settings are stored yet, so this key decrypts nothing.
    const media = appMedia(database, { dataDir, secretKey: 'bench-seed-'.padEnd(32, '0') });
    summary = await seedDemo(database, {
      songs,
      audio: { store: await media.activeStore(), files: media.files },
    });
    rareWord = await rareArtistWord(database);
  } finally {
    await database.close();
  }
  return {
    dialect,
    url,
    dataDir,
    seedSeconds: (performance.now() - started) / 1000,
    summary,
    rareWord,
    drop: async () => {
      if (dialect === 'postgres') await onPgServer(`drop database if exists ${PG_DATABASE} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Latin last word of the name of the artist with the fewest songs that still has some. */
async function rareArtistWord(database: ReturnType<typeof openDatabase>): Promise<string> {
  const rows = await database.db
    .selectFrom('artists as a')
    .innerJoin('albums as al', 'al.primaryArtistId', 'a.id')
    .innerJoin('songs as s', 's.albumId', 'al.id')
    .select(['a.name', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('a.name')
    .orderBy('n')
    .limit(200)
    .execute();
  for (const { name } of rows) {
    const word = name.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w));
    if (word) return word.toLowerCase();
  }
  throw new Error('no artist name to search for');
}
