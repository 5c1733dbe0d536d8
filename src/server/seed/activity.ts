import type { Insertable } from 'kysely';
import type { DownloadEventsTable, SongLikesTable, StreamEventsTable } from '../db/schema';
import { batchInsert } from './batch-insert';
import { between, DAY, iso, type SeedContext } from './context';
import { WeightedIndex } from './random';
import type { SongPlan } from './songs';
import type { SeededUser } from './users';
import { LOCATIONS } from './vocabulary';

const FLUSH_AT = 20_000;
const DEVICES = { mobile: 78, tablet: 9, desktop: 13 } as const;
const PLATFORMS = { android: 64, ios: 26, web: 10 } as const;

/** Buffers rows and writes them in large batches, so 100,000-song catalogues do not sit in memory. */
function buffered<Row>(write: (rows: Row[]) => Promise<void>) {
  let rows: Row[] = [];
  let written = 0;
  const flush = async () => {
    await write(rows);
    written += rows.length;
    rows = [];
  };
  return {
    async add(row: Row) {
      rows.push(row);
      if (rows.length >= FLUSH_AT) await flush();
    },
    async done() {
      await flush();
      return written;
    },
  };
}

/** One like per user and song: exactly songs.likes_count of them for every song. */
export async function seedLikes(ctx: SeedContext, songs: SongPlan, users: readonly SeededUser[]) {
  const likes = buffered<Insertable<SongLikesTable>>((rows) =>
    batchInsert(ctx.db, ctx.dialect, 'songLikes', rows),
  );
  for (let i = 0; i < songs.count; i++) {
    const from = songs.createdAt[i] ?? ctx.now;
    for (const u of ctx.random.distinct(users.length, songs.likes[i] ?? 0)) {
      const user = users[u] as SeededUser;
      await likes.add({
        userId: user.id,
        songId: songs.firstId + i,
        createdAt: iso(between(ctx, Math.max(from, user.createdAt), ctx.now)),
      });
    }
  }
  return likes.done();
}

/** Downloads are a Pro feature: songs.downloads_count events by premium users. */
export async function seedDownloads(ctx: SeedContext, songs: SongPlan, users: readonly SeededUser[]) {
  const premium = users.filter((u) => u.isPremium);
  const downloads = buffered<Insertable<DownloadEventsTable>>((rows) =>
    batchInsert(ctx.db, ctx.dialect, 'downloadEvents', rows),
  );
  if (premium.length === 0) return 0;
  for (let i = 0; i < songs.count; i++) {
    for (let d = 0; d < (songs.downloads[i] ?? 0); d++) {
      const user = ctx.random.pick(premium);
      const at = between(ctx, Math.max(songs.createdAt[i] ?? 0, user.createdAt), ctx.now);
      await downloads.add({ songId: songs.firstId + i, userId: user.id, createdAt: iso(at) });
    }
  }
  return downloads.done();
}

/**
 * The recent streams of every song, spread over the last 60 days (more of them lately, as a growing
 * service has), mostly by signed-in users so artists' monthly listeners are real distinct users.
 */
export async function seedStreams(ctx: SeedContext, songs: SongPlan, users: readonly SeededUser[]) {
  const listeners = new WeightedIndex(users.map((u) => u.activity));
  const streams = buffered<Insertable<StreamEventsTable>>((rows) =>
    batchInsert(ctx.db, ctx.dialect, 'streamEvents', rows),
  );
  const windowStart = ctx.now - 60 * DAY;
  for (let i = 0; i < songs.count; i++) {
    const from = Math.max(windowStart, songs.createdAt[i] ?? windowStart);
    for (let s = 0; s < (songs.recentStreams[i] ?? 0); s++) {
      const user =
        users.length > 0 && ctx.random.chance(0.85) ? users[listeners.sample(ctx.random)] : undefined;
      // Half uniform, half growing linearly: three times as many streams now as 60 days ago.
      const position = ctx.random.chance(0.5) ? ctx.random.next() : Math.sqrt(ctx.random.next());
      await streams.add({
        songId: songs.firstId + i,
        userId: user?.id ?? null,
        deviceType: ctx.random.weighted(DEVICES),
        platform: ctx.random.weighted(PLATFORMS),
        location: ctx.random.pick(LOCATIONS),
        createdAt: iso(Math.round(from + position * (ctx.now - from))),
      });
    }
  }
  return streams.done();
}
