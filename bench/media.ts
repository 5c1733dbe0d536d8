// Media benchmark: npm run bench (after the catalogue one), or alone: npx tsx bench/media.ts
// Starts the real (bundled) server as a child process on SQLite with local storage and measures:
//   - its RSS growth while one ~50 MB audio file uploads, and its total RSS while 10 upload at once
//     (sampled from /proc/<pid>/status VmRSS every 10 ms);
//   - upload throughput on loopback against a plain streamed copy of the same file on this disk;
//   - tag extraction per file (type sniffing, SHA-256, tags and duration, as /api/extract-metadata
//     does) over 200 typical songs in the five formats, p50 and p99;
//   - one batch save of 500 songs.
// Tune with BENCH_TAG_FILES, BENCH_BATCH, BENCH_RUNS.
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { nowIso } from '../src/server/clock';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { ingestAudio } from '../src/server/media/audio-ingest';
import { newKey } from '../src/server/media/keys';
import { makeMediaBenchFiles } from './lib/media-fixtures';
import { rssMb, sampleRss } from './lib/rss';
import { buildServer, type RunningServer, signIn, startProcess } from './lib/server';
import { uploadFile } from './lib/upload';

const TAG_FILES = Number(process.env.BENCH_TAG_FILES ?? 200);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CONCURRENT = 10;
const ADMIN = { username: 'bench', password: 'bench-password-0123' };
const GOALS = {
  oneUploadGrowthMb: 64,
  concurrentTotalMb: 400,
  throughputRatio: 0.5,
  tagP50Ms: 50,
  batchMs: 1000,
};

const log = (message: string) => console.log(`[bench] ${message}`);
const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** A database with one album and BATCH stored-audio records per run, so the batch save has files to point at. */
async function prepareDatabase(file: string): Promise<{ albumId: number; audioUrls: string[] }> {
  const database = openDatabase({ dialect: 'sqlite', path: file });
  try {
    await migrateToLatest(database);
    const now = nowIso();
    const artist = await database.db
      .insertInto('artists')
      .values({ name: 'نور محمد', searchText: 'نور محمد', verified: true, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const album = await database.db
      .insertInto('albums')
      .values({
        title: 'سپاد',
        albumType: 'single',
        primaryArtistId: artist.id,
        searchText: 'سپاد',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const audioUrls = Array.from({ length: BATCH * 3 }, () => `/media/${newKey('audio', 'mp3')}`);
    await database.db
      .insertInto('mediaFiles')
      .values(
        audioUrls.map((url, i) => ({
          url,
          kind: 'audio' as const,
          contentType: 'audio/mpeg',
          size: 4_000_000 + i,
          sha256: i.toString(16).padStart(64, '0'),
          duration: 240,
          createdAt: now,
        })),
      )
      .execute();
    return { albumId: album.id, audioUrls };
  } finally {
    await database.close();
  }
}

function startServer(bundle: string, dataDir: string, logFile: string): Promise<RunningServer> {
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'catalogue.db')}`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  return startProcess([bundle], env, logFile, '/api/health');
}

async function expectStored(upload: Promise<{ status: number; body: string; ms: number }>) {
  const result = await upload;
  if (result.status !== 201) throw new Error(`upload answered ${result.status}: ${result.body}`);
  return result;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'nazenk-bench-media-'));
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir);
  let server: RunningServer | undefined;
  try {
    log(`making audio with ffmpeg: one large MP3 and ${TAG_FILES} songs...`);
    const files = await makeMediaBenchFiles(work, TAG_FILES);
    const largeMb = statSync(files.large).size / 1024 / 1024;
    const { albumId, audioUrls } = await prepareDatabase(path.join(dataDir, 'catalogue.db'));
    server = await startServer(await buildServer(), dataDir, path.join(work, 'server.log'));
    const { url, pid } = server;
    const cookie = await signIn(url, ADMIN);
    const cold = rssMb(pid);
    const upload = (file: string) => expectStored(uploadFile(url, '/api/upload/audio', cookie, file));
    // Stored uploads are removed between phases so the disk's write-back does not weigh on the next one.
    const clearStored = () => rmSync(path.join(dataDir, 'media', 'audio'), { recursive: true, force: true });

    // The batch save first, before the large uploads below fill the disk's write-back.
    log(`batch save of ${BATCH} songs, ${Math.min(3, RUNS)} runs...`);
    const batchMs: number[] = [];
    for (let run = 0; run < Math.min(3, RUNS); run++) {
      const songs = audioUrls.slice(run * BATCH, (run + 1) * BATCH).map((audioFileUrl, i) => ({
        title: `گیت ${run}-${i}`,
        lyricist: 'Karim Dashti',
        albumId,
        audioFileUrl,
        audioFileSize: 4_000_000,
        duration: 240,
        lyrics: null,
        language: 'Balochi',
        status: 'published',
        likesCount: 0,
        downloadsCount: 0,
      }));
      const started = performance.now();
      const response = await fetch(`${url}/api/upload/batch-songs`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ songs }),
      });
      const body = (await response.json()) as { successCount?: number };
      batchMs.push(performance.now() - started);
      if (body.successCount !== BATCH) throw new Error(`batch saved ${body.successCount} of ${BATCH}`);
    }

    // Warm up the upload path with typical songs, then measure a first and a second large upload.
    for (const file of files.songs.slice(0, 5)) await upload(file);
    clearStored();
    await new Promise((r) => setTimeout(r, 1000));

    log(`RSS while one ${largeMb.toFixed(1)} MB upload streams in (first, then again)...`);
    const idleFirst = rssMb(pid);
    let sampler = sampleRss(pid);
    await upload(files.large);
    const firstPeak = sampler.stop();
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssMb(pid);
    sampler = sampleRss(pid);
    await upload(files.large);
    const onePeak = sampler.stop();
    clearStored();

    log(`throughput: ${RUNS} uploads, each next to a plain copy of the same file...`);
    const uploadMs: number[] = [];
    const copyMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      uploadMs.push((await upload(files.large)).ms);
      const target = path.join(work, 'copy.mp3');
      const started = performance.now();
      await pipeline(createReadStream(files.large), createWriteStream(target));
      copyMs.push(performance.now() - started);
      rmSync(target);
      clearStored();
    }
    const uploadMbps = largeMb / (median(uploadMs) / 1000);
    const copyMbps = largeMb / (median(copyMs) / 1000);

    log(`RSS while ${CONCURRENT} upload at once...`);
    const idle10 = rssMb(pid);
    sampler = sampleRss(pid);
    await Promise.all(Array.from({ length: CONCURRENT }, () => upload(files.large)));
    const tenPeak = sampler.stop();
    clearStored();

    log(`tag extraction over ${files.songs.length} files...`);
    const tagMs: number[] = [];
    for (const file of files.songs) {
      const started = performance.now();
      await ingestAudio(createReadStream(file), { maxBytes: 50 * 1024 * 1024, store: null, cover: true });
      tagMs.push(performance.now() - started);
    }

    const firstGrowth = firstPeak - idleFirst;
    const oneGrowth = onePeak - idle;
    const rows: [string, string, string][] = [
      [
        `RSS growth, first ${largeMb.toFixed(0)} MB upload`,
        `${firstGrowth.toFixed(1)} MB (${idleFirst.toFixed(0)} MB before it, ${cold.toFixed(0)} MB at start)`,
        `< ${GOALS.oneUploadGrowthMb} MB: ${mark(firstGrowth < GOALS.oneUploadGrowthMb)}`,
      ],
      [
        `RSS growth, next ${largeMb.toFixed(0)} MB upload`,
        `${oneGrowth.toFixed(1)} MB (${idle.toFixed(0)} MB before it)`,
        `< ${GOALS.oneUploadGrowthMb} MB: ${mark(oneGrowth < GOALS.oneUploadGrowthMb)}`,
      ],
      [
        `RSS total, ${CONCURRENT} uploads at once`,
        `${tenPeak.toFixed(1)} MB (growth ${(tenPeak - idle10).toFixed(1)} MB)`,
        `< ${GOALS.concurrentTotalMb} MB: ${mark(tenPeak < GOALS.concurrentTotalMb)}`,
      ],
      [
        'upload throughput, loopback',
        `${uploadMbps.toFixed(0)} MB/s (median ${median(uploadMs).toFixed(0)} ms)`,
        '',
      ],
      [
        'plain streamed file copy',
        `${copyMbps.toFixed(0)} MB/s (median ${median(copyMs).toFixed(0)} ms)`,
        '',
      ],
      [
        'upload / copy',
        `${(uploadMbps / copyMbps).toFixed(2)}`,
        `>= ${GOALS.throughputRatio}: ${mark(uploadMbps / copyMbps >= GOALS.throughputRatio)}`,
      ],
      [
        `tag extraction, ${tagMs.length} files`,
        `p50 ${median(tagMs).toFixed(1)} ms, p99 ${percentile(tagMs, 99).toFixed(1)} ms`,
        `p50 < ${GOALS.tagP50Ms} ms: ${mark(median(tagMs) < GOALS.tagP50Ms)}`,
      ],
      [
        `batch save, ${BATCH} songs (SQLite)`,
        `median ${median(batchMs).toFixed(0)} ms (${batchMs.map((m) => m.toFixed(0)).join(', ')})`,
        `< ${GOALS.batchMs} ms: ${mark(median(batchMs) < GOALS.batchMs)}`,
      ],
    ];
    const widths = [0, 1].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
    console.log('\nMedia benchmark (server as a child process, SQLite, local storage)\n');
    for (const [what, figure, goal] of rows) {
      console.log(`${what.padEnd(widths[0] ?? 0)}  ${figure.padEnd(widths[1] ?? 0)}  ${goal}`);
    }
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
