import type { Kysely, Updateable } from 'kysely';
import { auditedWrite } from '../audit/record';
import { nowIso } from '../clock';
import type { DB } from './schema';

/** The tables whose plain single-row writes go through rowWrites. */
type Table = 'banners' | 'appUsers' | 'playlists';

/**
 * Update and delete of one row by id, audited (audit/record.ts); both answer whether the row existed.
 * `db` may be a transaction the caller has open. (Caches learn of the write from the write tracker,
 * db/write-tracker.ts.)
 */
export function rowWrites<T extends Table>(db: Kysely<DB>, table: T) {
  return {
    /** Sets `values` and updatedAt. */
    async update(id: number, values: Updateable<DB[T]>, on: Kysely<DB> = db): Promise<boolean> {
      const updated = await auditedWrite(on, table, id, async (trx) => {
        const result = await trx
          .updateTable(table as Table)
          .set({ ...values, updatedAt: nowIso() } as Updateable<DB[Table]>)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? id : undefined;
      });
      return updated !== undefined;
    },

    async delete(id: number, on: Kysely<DB> = db): Promise<boolean> {
      const deleted = await auditedWrite(on, table, id, async (trx) => {
        const result = await trx
          .deleteFrom(table as Table)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0 ? id : undefined;
      });
      return deleted !== undefined;
    },
  };
}
