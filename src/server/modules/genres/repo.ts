import type { Kysely, Selectable } from 'kysely';
import type { Genre, GenreListParams } from '../../../contract/genres';
import { auditedWrite } from '../../audit/record';
import { nowIso } from '../../clock';
import type { Dialect } from '../../db/database';
import { countRows } from '../../db/list-page';
import { bool, num } from '../../db/mappers';
import type { DB, GenresTable } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { genreSearchText } from '../search-text';

type Row = Selectable<GenresTable> & { songCount: number | null; albumCount: number | null };
export interface GenreFields {
  name: string;
  description: string | null;
  color: string | null;
  isActive: boolean;
}

const toGenre = (r: Row): Genre => ({
  id: r.id,
  name: r.name,
  description: r.description,
  color: r.color,
  isActive: bool(r.isActive),
  songCount: num(r.songCount),
  albumCount: num(r.albumCount),
  createdAt: r.createdAt,
});

export function genresRepo(db: Kysely<DB>, dialect: Dialect) {
  const filtered = (query: Pick<GenreListParams, 'q' | 'active'>) =>
    db.selectFrom('genres as g').where((eb) => {
      const conditions = [];
      const search = searchCondition(dialect, 'genres', 'g', query.q);
      if (search) conditions.push(search);
      if (typeof query.active === 'boolean') conditions.push(eb('g.isActive', '=', query.active));
      return eb.and(conditions);
    });

  /** `publishedOnly`: song counts for the app's audience (published songs only). */
  const withCounts = (publishedOnly: boolean) =>
    db
      .selectFrom('genres as g')
      .selectAll('g')
      .select((eb) => [
        eb
          .selectFrom('songs')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('songs.genreId', '=', 'g.id')
          .$if(publishedOnly, (qb) => qb.where('songs.status', '=', 'published'))
          .as('songCount'),
        eb
          .selectFrom('albums')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('albums.genreId', '=', 'g.id')
          .as('albumCount'),
      ]);

  return {
    async list(query: GenreListParams, publishedOnly = false) {
      const ids = filtered(query).select('g.id');
      let page = withCounts(publishedOnly).where('g.id', 'in', ids);
      page =
        query.sort === 'name'
          ? page.orderBy('g.name').orderBy('g.id')
          : page
              .orderBy('g.createdAt', query.sort === 'newest' ? 'desc' : 'asc')
              .orderBy('g.id', query.sort === 'newest' ? 'desc' : 'asc');
      const [rows, total] = await Promise.all([
        page.limit(query.limit).offset(query.offset).execute(),
        countRows(db, filtered(query)),
      ]);
      return { rows: rows.map(toGenre), total };
    },

    async get(id: number, publishedOnly = false): Promise<Genre | undefined> {
      const row = await withCounts(publishedOnly).where('g.id', '=', id).executeTakeFirst();
      return row && toGenre(row);
    },

    async create(fields: GenreFields): Promise<number> {
      const id = await auditedWrite(db, 'genres', undefined, async (trx) => {
        const now = nowIso();
        const row = await trx
          .insertInto('genres')
          .values({ ...fields, searchText: genreSearchText(fields), createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return Number(id);
    },

    async update(id: number, fields: GenreFields): Promise<boolean> {
      const updated = await auditedWrite(db, 'genres', id, async (trx) => {
        const result = await trx
          .updateTable('genres')
          .set({ ...fields, searchText: genreSearchText(fields), updatedAt: nowIso() })
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? id : undefined;
      });
      return updated !== undefined;
    },

    /** Albums and songs of the genre keep existing with no genre (foreign keys ON DELETE SET NULL). */
    async delete(id: number): Promise<boolean> {
      const deleted = await auditedWrite(db, 'genres', id, async (trx) => {
        const result = await trx.deleteFrom('genres').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0 ? id : undefined;
      });
      return deleted !== undefined;
    },
  };
}
