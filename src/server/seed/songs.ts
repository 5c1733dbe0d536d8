import type { Insertable } from 'kysely';
import type { SongsTable } from '../db/schema';
import { songRow } from '../modules/catalogue-rows';
import { batchInsert, syncIdSequence } from './batch-insert';
import type { SeededAlbum, SeededGenre } from './catalogue';
import { between, DAY, iso, maxId, type SeedContext } from './context';
import { WeightedIndex } from './random';
import { makeLyrics, makeTitle } from './titles';
import type { SeedTone } from './tones';
import { LYRICISTS } from './vocabulary';

/** The songs as the later steps need them, in compact arrays (a benchmark seeds 100,000). */
export interface SongPlan {
  firstId: number;
  count: number;
  album: Int32Array;
  createdAt: Float64Array;
  published: Uint8Array;
  /** Stream events to record in the last 60 days. */
  recentStreams: Int32Array;
  likes: Int32Array;
  downloads: Int32Array;
}

export interface SongVolumes {
  streamEvents: number;
  meanLikes: number;
  meanDownloads: number;
  maxLikes: number;
}

const STATUS_WEIGHTS = { published: 90, processing: 6, draft: 4 } as const;
/** The mean of Random.popularity(), to scale counts to a wanted mean. */
const MEAN_POPULARITY = 0.265;
const BATCH = 5_000;

/** Every album gets a track, the rest go to albums in proportion to their popularity. */
function albumPerSong(ctx: SeedContext, count: number, albums: readonly SeededAlbum[]): Int32Array {
  const byPopularity = new WeightedIndex(albums.map((a) => a.popularity + 0.1));
  const album = new Int32Array(count);
  for (let i = 0; i < count; i++) album[i] = i < albums.length ? i : byPopularity.sample(ctx.random);
  return album.sort();
}

export async function seedSongs(
  ctx: SeedContext,
  count: number,
  albums: readonly SeededAlbum[],
  genres: readonly SeededGenre[],
  volumes: SongVolumes,
  /** Stored tunes the songs play, shared round-robin; none leaves the songs without audio. */
  tones: readonly SeedTone[] = [],
): Promise<SongPlan> {
  const { random } = ctx;
  const firstId = (await maxId(ctx, 'songs')) + 1;
  const plan: SongPlan = {
    firstId,
    count,
    album: albumPerSong(ctx, count, albums),
    createdAt: new Float64Array(count),
    published: new Uint8Array(count),
    recentStreams: new Int32Array(count),
    likes: new Int32Array(count),
    downloads: new Int32Array(count),
  };
  const popularity = new Float64Array(count);
  const statuses: string[] = [];
  for (let i = 0; i < count; i++) {
    const album = albums[plan.album[i] ?? 0] as SeededAlbum;
    const createdAt = between(ctx, album.createdAt, Math.min(ctx.now - DAY, album.createdAt + 3 * DAY));
    const status = random.weighted(STATUS_WEIGHTS);
    plan.createdAt[i] = createdAt;
    plan.published[i] = status === 'published' ? 1 : 0;
    statuses.push(status);
    if (status !== 'published') continue;
    const p = (random.popularity() + album.popularity) / 2 / MEAN_POPULARITY;
    popularity[i] = p * Math.min(1, (ctx.now - createdAt) / (60 * DAY));
    plan.likes[i] = Math.min(volumes.maxLikes, Math.round(p * volumes.meanLikes * (0.5 + random.next())));
    plan.downloads[i] = Math.round(p * volumes.meanDownloads * random.next() * 2);
  }
  const streamed = new WeightedIndex(popularity);
  if (streamed.total > 0) {
    for (let e = 0; e < volumes.streamEvents; e++) {
      const i = streamed.sample(random);
      plan.recentStreams[i] = (plan.recentStreams[i] ?? 0) + 1;
    }
  }

  for (let start = 0; start < count; start += BATCH) {
    const rows: Insertable<SongsTable>[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const album = albums[plan.album[i] ?? 0] as SeededAlbum;
      const status = statuses[i] ?? 'published';
      const firstTrack = i === 0 || plan.album[i - 1] !== plan.album[i];
      const title = firstTrack && random.chance(0.3) ? album.title : makeTitle(random);
      const createdAt = iso(plan.createdAt[i] ?? ctx.now);
      const recent = plan.recentStreams[i] ?? 0;
      const made = status === 'processing' && random.chance(0.5) ? null : random.int(140, 540);
      const tone = tones[i % tones.length];
      rows.push(
        songRow(
          {
            id: firstId + i,
            title,
            lyricist: random.chance(0.6) ? random.pick(LYRICISTS) : null,
            albumId: album.id,
            genreId: random.chance(0.85) ? album.genreId : random.pick(genres).id,
            audioFileUrl: tone?.url ?? null,
            audioFileSize: tone?.size ?? null,
            audioSha256: tone?.sha256 ?? null,
            duration: tone?.duration ?? made,
            lyrics: random.chance(0.1) ? makeLyrics(random) : null,
            language: random.chance(0.9)
              ? album.language
              : album.language === 'Brahui'
                ? 'Balochi'
                : 'Brahui',
            status,
            totalStreams: status === 'published' ? recent + Math.round((recent + 1) * random.next() * 40) : 0,
            likesCount: plan.likes[i] ?? 0,
            downloadsCount: plan.downloads[i] ?? 0,
            createdAt,
          },
          { title: album.title, names: album.artistNames },
        ),
      );
    }
    await batchInsert(ctx.db, ctx.dialect, 'songs', rows);
  }
  await syncIdSequence(ctx.db, ctx.dialect, 'songs');
  return plan;
}
