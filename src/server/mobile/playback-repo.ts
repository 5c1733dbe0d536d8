import { type Kysely, sql } from 'kysely';
import type { Clock } from '../clock';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';

/** Calls by one user for one song within this window count as one stream. */
export const STREAM_REPEAT_WINDOW_MS = 30_000;

export interface StreamContext {
  deviceType: string | null;
  platform: string | null;
  location: string | null;
}

export interface PlayableSong {
  id: number;
  title: string;
  audioFileUrl: string;
}

/**
 * Stream and download events. Each event and the song's counter change in one transaction; the
 * stream window is checked under a lock on (user, song) so concurrent calls cannot both count.
 */
export type PlaybackRepo = ReturnType<typeof playbackRepo>;

export function playbackRepo(db: Kysely<DB>, dialect: Dialect, clock: Clock) {
  return {
    /** A published song with audio, or undefined (missing, unpublished and silent songs look alike). */
    async playable(id: number): Promise<PlayableSong | undefined> {
      const row = await db
        .selectFrom('songs')
        .select(['id', 'title', 'audioFileUrl'])
        .where('id', '=', id)
        .where('status', '=', 'published')
        .executeTakeFirst();
      return row?.audioFileUrl ? { ...row, audioFileUrl: row.audioFileUrl } : undefined;
    },

    /** Records a stream unless this user streamed this song within the window; true when it counted. */
    recordStream(songId: number, userId: number, context: StreamContext): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(${userId}::int4, ${songId}::int4)`.execute(trx);
        }
        const now = clock();
        const recent = await trx
          .selectFrom('streamEvents')
          .select('id')
          .where('userId', '=', userId)
          .where('songId', '=', songId)
          .where('createdAt', '>', new Date(now.getTime() - STREAM_REPEAT_WINDOW_MS).toISOString())
          .executeTakeFirst();
        if (recent) return false;
        await trx
          .insertInto('streamEvents')
          .values({ songId, userId, ...context, createdAt: now.toISOString() })
          .execute();
        await trx
          .updateTable('songs')
          .set((eb) => ({ totalStreams: eb('totalStreams', '+', 1) }))
          .where('id', '=', songId)
          .execute();
        return true;
      });
    },

    recordDownload(songId: number, userId: number): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('downloadEvents')
          .values({ songId, userId, createdAt: clock().toISOString() })
          .execute();
        await trx
          .updateTable('songs')
          .set((eb) => ({ downloadsCount: eb('downloadsCount', '+', 1) }))
          .where('id', '=', songId)
          .execute();
      });
    },
  };
}
