import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Banner, BannerListParams, BannerSchedule } from '../../../contract/banners';
import type { ActiveBanner } from '../../../contract/mobile';
import { auditedWrite } from '../../audit/record';
import { nowIso } from '../../clock';
import { listCache } from '../../db/count-cache';
import type { Dialect } from '../../db/database';
import { countRows, listPage } from '../../db/list-page';
import { bool, num } from '../../db/mappers';
import { releasedBy, type WriteResult } from '../../db/released-files';
import { rowWrites } from '../../db/row-writes';
import type { BannersTable, DB } from '../../db/schema';
import { searchCondition } from '../../db/search';
import { bannerSearchText } from '../search-text';

const TABLE = 'banners';

export type BannerFields = Pick<
  BannersTable,
  'title' | 'description' | 'imageUrl' | 'targetUrl' | 'position' | 'startDate' | 'endDate' | 'priority'
> & { isActive: boolean };

/** A banner as the app shows it (ActiveBanner): no state, no counters. */
export const ACTIVE_BANNER_COLUMNS = [
  'b.id',
  'b.title',
  'b.description',
  'b.imageUrl',
  'b.targetUrl',
  'b.position',
  'b.startDate',
  'b.endDate',
  'b.priority',
] as const;
const COLUMNS = [
  ...ACTIVE_BANNER_COLUMNS,
  'b.isActive',
  'b.clickCount',
  'b.impressionCount',
  'b.createdAt',
] as const;
type Row = Omit<Selectable<BannersTable>, 'searchText' | 'updatedAt'>;
type ActiveBannerRow = Omit<Row, 'isActive' | 'clickCount' | 'impressionCount' | 'createdAt'>;

export const toActiveBanner = (r: ActiveBannerRow): ActiveBanner => ({
  id: r.id,
  title: r.title,
  description: r.description,
  imageUrl: r.imageUrl,
  targetUrl: r.targetUrl,
  position: r.position,
  startDate: r.startDate,
  endDate: r.endDate,
  priority: num(r.priority),
});

const toBanner = (r: Row): Banner => ({
  ...toActiveBanner(r),
  isActive: bool(r.isActive),
  clickCount: num(r.clickCount),
  impressionCount: num(r.impressionCount),
  createdAt: r.createdAt,
});

/** A banner's dates against `today` (both `YYYY-MM-DD`, so text order is date order); no date = open. */
export function scheduleCondition(
  eb: ExpressionBuilder<DB & { b: BannersTable }, 'b'>,
  schedule: BannerSchedule,
  today: string,
) {
  if (schedule === 'scheduled') return eb('b.startDate', '>', today);
  if (schedule === 'expired') return eb('b.endDate', '<', today);
  return eb.and([
    eb.or([eb('b.startDate', 'is', null), eb('b.startDate', '<=', today)]),
    eb.or([eb('b.endDate', 'is', null), eb('b.endDate', '>=', today)]),
  ]);
}

type ListFilter = Pick<BannerListParams, 'q' | 'position' | 'active' | 'schedule'>;

export function bannersRepo(db: Kysely<DB>, dialect: Dialect) {
  const cache = listCache(db);
  const writes = rowWrites(db, 'banners');
  /** The banner's row locked for the write, with the image it stores. */
  const imageOf = (trx: Kysely<DB>, id: number) =>
    trx
      .selectFrom('banners')
      .select('imageUrl')
      .where('id', '=', id)
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();
  const filtered = (query: ListFilter, today: string) =>
    db.selectFrom('banners as b').where((eb) => {
      const conditions = [];
      const search = searchCondition(dialect, 'banners', 'b', query.q);
      if (search) conditions.push(search);
      if (query.position) conditions.push(eb('b.position', '=', query.position));
      if (typeof query.active === 'boolean') conditions.push(eb('b.isActive', '=', query.active));
      if (query.schedule) conditions.push(scheduleCondition(eb, query.schedule, today));
      return eb.and(conditions);
    });

  return {
    /** One page of banners; `today` (UTC, `YYYY-MM-DD`) decides the schedule filter. */
    async list(query: BannerListParams, today: string) {
      const filter = { q: query.q, position: query.position, active: query.active, schedule: query.schedule };
      const { rows, total } = await listPage({
        cache,
        table: TABLE,
        // The day is part of a schedule's cached total: the same filter matches other rows tomorrow.
        filter: query.schedule ? { ...filter, today } : filter,
        sort: query.sort,
        offset: query.offset,
        rows: (_after, offset) =>
          filtered(query, today)
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
        count: () => countRows(db, filtered(query, today)),
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
      const id = await auditedWrite(db, 'banners', undefined, async (trx) => {
        const now = nowIso();
        const row = await trx
          .insertInto('banners')
          .values({ ...fields, searchText: bannerSearchText(fields), createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return Number(id);
    },

    /** Replaces every editable field; click and impression counts are kept. */
    update: (id: number, fields: BannerFields): Promise<WriteResult | null> =>
      db.transaction().execute(async (trx) => {
        const before = await imageOf(trx, id);
        if (!before) return null;
        await writes.update(id, { ...fields, searchText: bannerSearchText(fields) }, trx);
        return releasedBy([before.imageUrl], [fields.imageUrl]);
      }),

    setActive: (id: number, isActive: boolean): Promise<boolean> => writes.update(id, { isActive }),

    delete: (id: number): Promise<WriteResult | null> =>
      db.transaction().execute(async (trx) => {
        const before = await imageOf(trx, id);
        if (!before) return null;
        await writes.delete(id, trx);
        return releasedBy([before.imageUrl]);
      }),
  };
}
