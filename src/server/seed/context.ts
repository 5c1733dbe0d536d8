import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import type { Random } from './random';

export const DAY = 24 * 60 * 60 * 1000;

/** What every step of the seed works with: the open transaction, the dialect, the PRNG and "now". */
export interface SeedContext {
  db: Kysely<DB>;
  dialect: Dialect;
  random: Random;
  now: number;
}

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoDate = (ms: number): string => iso(ms).slice(0, 10);

/** A time between `from` and `to` (epoch ms). */
export const between = (ctx: SeedContext, from: number, to: number): number =>
  Math.round(from + ctx.random.next() * Math.max(0, to - from));

/** The largest id in a table, so rows added with --force get fresh explicit ids. */
export async function maxId(
  ctx: SeedContext,
  table: 'genres' | 'artists' | 'albums' | 'songs' | 'appUsers' | 'playlists' | 'banners',
) {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}
