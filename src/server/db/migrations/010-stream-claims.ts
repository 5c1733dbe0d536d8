import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The stream window (mobile/playback-repo.ts STREAM_REPEAT_WINDOW_MS), as it stood when this was written. */
const WINDOW_MS = 30_000;

/**
 * One row per app user and song: when a stream of it last counted (epoch milliseconds). A stream counts
 * by an upsert that moves `counted_at` only when the window is over, so the check and the claim are one
 * atomic statement on both databases (it used to be a lock, a read and an insert). Rows are pruned once
 * their window is over; claims still open at upgrade time are taken from the recent stream events.
 */
export function streamClaimsMigration(dialect: Dialect) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stream_claims')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('song_id', 'integer', (c) => c.notNull())
        .addColumn('counted_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('stream_claims_pk', ['user_id', 'song_id'])
        .execute();
      // Without plugins: the rows keep their SQL names whatever the caller's Kysely maps them to.
      const plain = (db as Kysely<OpenClaims>).withoutPlugins();
      const open = await plain
        .selectFrom('stream_events')
        .select(['user_id', 'song_id', (eb) => eb.fn.max('created_at').as('last')])
        .where('user_id', 'is not', null)
        .where('created_at', '>', new Date(Date.now() - WINDOW_MS).toISOString())
        .groupBy(['user_id', 'song_id'])
        .execute();
      if (open.length === 0) return;
      await plain
        .insertInto('stream_claims')
        .values(
          open.map((r) => ({
            user_id: Number(r.user_id),
            song_id: r.song_id,
            counted_at: Date.parse(r.last),
          })),
        )
        .execute();
    },
  };
}

interface OpenClaims {
  stream_events: { user_id: number | null; song_id: number; created_at: string };
  stream_claims: { user_id: number; song_id: number; counted_at: number };
}
