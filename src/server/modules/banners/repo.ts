import type { Kysely, Selectable } from 'kysely';
import type { Banner, BannerListParams } from '../../../contract/banners';
import { searchDocument } from '../../../contract/search-fold';
import { nowIso } from '../../clock';
import { listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { bool, num } from '../../db/mappers';
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
      let page = filtered(query).select(COLUMNS);
      page =
        query.sort === 'priority'
          ? page.orderBy('b.priority', 'desc').orderBy('b.createdAt', 'desc').orderBy('b.id', 'desc')
          : page
              .orderBy('b.createdAt', query.sort === 'newest' ? 'desc' : 'asc')
              .orderBy('b.id', query.sort === 'newest' ? 'desc' : 'asc');
      const filter = { q: query.q, position: query.position, active: query.active };
      const [rows, total] = await Promise.all([
        page.limit(query.limit).offset(query.offset).execute(),
        cache.count(TABLE, filter, async () =>
          num(
            (
              await filtered(query)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      ]);
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
    async update(id: number, fields: BannerFields): Promise<boolean> {
      const result = await db
        .updateTable('banners')
        .set({ ...fields, searchText: searchText(fields), updatedAt: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      cache.invalidate(TABLE);
      return Number(result.numUpdatedRows) > 0;
    },

    async setActive(id: number, isActive: boolean): Promise<boolean> {
      const result = await db
        .updateTable('banners')
        .set({ isActive, updatedAt: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      cache.invalidate(TABLE);
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
      cache.invalidate(TABLE);
      return Number(result.numDeletedRows) > 0;
    },
  };
}
