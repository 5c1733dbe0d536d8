import type { Kysely, Updateable } from 'kysely';
import { nowIso } from '../clock';
import type { DB } from './schema';

/** The tables whose plain single-row writes go through rowWrites. */
type Table = 'banners' | 'appUsers' | 'playlists';

/**
 * Update and delete of one row by id; both answer whether the row existed. (Caches learn of the write
 * from the write tracker, db/write-tracker.ts.)
 */
export function rowWrites<T extends Table>(db: Kysely<DB>, table: T) {
  return {
    /** Sets `values` and updatedAt. */
    async update(id: number, values: Updateable<DB[T]>): Promise<boolean> {
      const result = await db
        .updateTable(table as Table)
        .set({ ...values, updatedAt: nowIso() } as Updateable<DB[Table]>)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom(table as Table)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
