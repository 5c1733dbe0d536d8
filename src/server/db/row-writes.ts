import type { Kysely, Updateable } from 'kysely';
import { nowIso } from '../clock';
import { listCache } from './count-cache';
import type { DB } from './schema';

/** The tables whose plain single-row writes go through rowWrites. */
type Table = 'banners' | 'appUsers' | 'playlists';

/**
 * Update and delete of one row by id, each dropping the table's cached list totals and anchors
 * (`cacheName`, as its repo's list caches them) whatever the outcome; both answer whether the row existed.
 */
export function rowWrites<T extends Table>(db: Kysely<DB>, table: T, cacheName: string) {
  const cache = listCache(db);
  return {
    /** Sets `values` and updatedAt. */
    async update(id: number, values: Updateable<DB[T]>): Promise<boolean> {
      const result = await db
        .updateTable(table as Table)
        .set({ ...values, updatedAt: nowIso() } as Updateable<DB[Table]>)
        .where('id', '=', id)
        .executeTakeFirst();
      cache.invalidate(cacheName);
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom(table as Table)
        .where('id', '=', id)
        .executeTakeFirst();
      cache.invalidate(cacheName);
      return Number(result.numDeletedRows) > 0;
    },
  };
}
