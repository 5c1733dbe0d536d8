import type { Kysely, Selectable } from 'kysely';
import type { Banner, BannerListParams } from '../../../contract/banners';
import { searchDocument } from '../../../contract/search-fold';
import { nowIso } from '../../clock';
import { listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { countRows, listPage } from '../../db/list-page';
import { bool, num } from '../../db/mappers';
import { rowWrites } from '../../db/row-writes';
import type { BannersTable, DB } from '../../db/schema';
import { searchCondition } from '../../db/search';

const TABLE = 'banners';

export type BannerFields = Pick<
  BannersTable,
  'title' | 'description' | 'imageUrl' | 'targetUrl' | 'position' | 'startDate' | 'endDate' | 'priority'
> & { isActive: boolean };

const COLUMNS = [
  'b.id',
  'b.title',
  'b.description',
  'b.imageUrl',
  'b.targetUrl',
  'b.position',
  'b.startDate',
  'b.endDate',
  'b.priority',
  'b.isActive',
  'b.clickCount',
  'b.impressionCount',
  'b.createdAt',
] as const;
type Row = Omit<Selectable<BannersTable>, 'searchText' | 'updatedAt'>;

const toBanner = (r: Row): Banner => ({
  id: r.id,
  title: r.title,
  description: r.description,
  imageUrl: r.imageUrl,
  targetUrl: r.targetUrl,
  position: r.position,
  startDate: r.startDate,
  endDate: r.endDate,
  priority: num(r.priority),
  isActive: bool(r.isActive),
  clickCount: num(r.clickCount),
  impressionCount: num(r.impressionCount),
  createdAt: r.createdAt,
});

const searchText = (b: Pick<BannerFields, 'title' | 'description'>) => searchDocument(b.title, b.description);

export function bannersRepo(db: Kysely<DB>, dialect: Dialect) {
  const cache = listCache(db);
  const writes = rowWrites(db, 'banners', TABLE);
  const filtered = (query: Pick<BannerListParams, 'q' | 'position' | 'active'>) =>
    db.selectFrom('banners as b').where((eb) => {
      const conditions = [];
      const search = searchCondition(dialect, 'banners', 'b', query.q);
      if (search) conditions.push(search);
      if (query.position) conditions.push(eb('b.position', '=', query.position));
      if (typeof query.active === 'boolean') conditions.push(eb('b.isActive', '=', query.active));
      return eb.and(conditions);
    });

  return {
    async list(query: BannerListParams) {
      const { rows, total } = await listPage({
        cache,
        table: TABLE,
        filter: { q: query.q, position: query.position, active: query.active },
        sort: query.sort,
        offset: query.offset,
        rows: (_after, offset) =>
          filtered(query)
            .select(COLUMNS)
            .$call((qb) =>
              query.sort === 'priority'
                ? qb.orderBy('b.priority', 'desc').orderBy('b.createdAt', 'desc').orderBy('b.id', 'desc')
                : qb
                    .orderBy('b.createdAt', query.sort === 'newest' ? 'desc' : 'asc')
                    .orderBy('b.id', query.sort === 'newest' ? 'desc' : 'asc'),
            )
            .limit(query.limit)
            .offset(offset)
            .execute(),
        count: () => countRows(filtered(query)),
      });
      return { rows: rows.map(toBanner), total };
    },

    async get(id: number): Promise<Banner | undefined> {
      const row = await db
        .selectFrom('banners as b')
        .select(COLUMNS)
        .where('b.id', '=', id)
        .executeTakeFirst();
      return row && toBanner(row);
    },

    async create(fields: BannerFields): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('banners')
        .values({ ...fields, searchText: searchText(fields), createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      cache.invalidate(TABLE);
      return row.id;
    },

    /** Replaces every editable field; click and impression counts are kept. */
    update: (id: number, fields: BannerFields): Promise<boolean> =>
      writes.update(id, { ...fields, searchText: searchText(fields) }),

    setActive: (id: number, isActive: boolean): Promise<boolean> => writes.update(id, { isActive }),

    delete: writes.delete,
  };
}
