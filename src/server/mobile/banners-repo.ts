import type { Kysely } from 'kysely';
import type { ActiveBanner } from '../../contract/mobile';
import { type Clock, utcDay } from '../clock';
import type { DB } from '../db/schema';
import { ACTIVE_BANNER_COLUMNS, scheduleCondition, toActiveBanner } from '../modules/banners/repo';

type Position = ActiveBanner['position'];

/**
 * Banners the app shows: active and running (today's UTC date within their start/end dates, either
 * end open), as the admin screen's schedule filter reads it. Priority 10 comes first, as there.
 */
export function activeBannersRepo(db: Kysely<DB>, clock: Clock) {
  const showing = () =>
    db
      .selectFrom('banners as b')
      .where('b.isActive', '=', true)
      .where((eb) => scheduleCondition(eb, 'running', utcDay(clock)));

  /** Adds one to a counter of a banner the app may be showing; false when it is not showing. */
  const bump = async (id: number, column: 'impressionCount' | 'clickCount') => {
    const row = await db
      .updateTable('banners')
      .set((eb) => ({ [column]: eb(column, '+', 1) }))
      .where('id', 'in', showing().select('b.id').where('b.id', '=', id))
      .returning(column)
      .executeTakeFirst();
    return row ? Number((row as Record<string, unknown>)[column]) : undefined;
  };

  return {
    async list(position: Position | undefined): Promise<ActiveBanner[]> {
      const rows = await showing()
        .$if(position !== undefined, (qb) => qb.where('b.position', '=', position as Position))
        .select(ACTIVE_BANNER_COLUMNS)
        .orderBy('b.priority', 'desc')
        .orderBy('b.createdAt', 'desc')
        .orderBy('b.id', 'desc')
        .execute();
      return rows.map(toActiveBanner);
    },
    impression: (id: number) => bump(id, 'impressionCount'),
    click: (id: number) => bump(id, 'clickCount'),
  };
}
