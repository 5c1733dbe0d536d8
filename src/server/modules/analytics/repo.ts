import { type Kysely, sql } from 'kysely';
import { type Dashboard, RECENT_ACTIVITY_LIMIT, type RecentActivity } from '../../../contract/dashboard';
import { num } from '../../db/mappers';
import { streamDay } from '../../db/migrations/008-dashboard-counters';
import type { DB } from '../../db/schema';
import { displayNameSql } from '../users/repo';

const DAY_MS = 86_400_000;

/** The counters behind the dashboard's totals (DASHBOARD_FIGURES); streams per day are `streams:<date>`. */
const TOTALS = [
  'users',
  'users.active',
  'users.premium',
  'songs',
  'songs.published',
  'songs.streams',
  'songs.downloads',
  'artists',
  'albums',
  'genres',
  'banners.active',
];
export const STREAM_DAYS = 30;

/** The last `days` UTC dates, oldest first, today included (YYYY-MM-DD). */
export function lastUtcDays(days: number, now = Date.now()): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * Dashboard figures. Counts, sums and streams per day come from `dashboard_counters`, which triggers keep
 * exact in every writing transaction (migrations/008-dashboard-counters.ts): one query of a few dozen
 * primary-key rows, whatever the catalogue's size. Recent activity is four short index walks.
 */
export function analyticsRepo(db: Kysely<DB>) {
  /** Every figure and the streams of each of the last STREAM_DAYS days, by counter name. */
  const figures = async (days: readonly string[]): Promise<Map<string, number>> => {
    const first = streamDay(days[0] ?? '');
    const last = streamDay(days.at(-1) ?? '');
    const rows = await db
      .selectFrom('dashboardCounters')
      .select((eb) => ['name', eb.fn.sum<number>('value').as('value')])
      .where((eb) => eb.or([eb('name', 'in', TOTALS), eb.between('name', first, last)]))
      .groupBy('name')
      .execute();
    return new Map(rows.map((r) => [r.name, num(r.value)]));
  };

  /** Latest 2 users, 3 songs, 2 artists and 2 albums, merged newest first, at most 6, in one query. */
  const recentActivity = async (): Promise<RecentActivity[]> => {
    const users = db
      .selectFrom('appUsers as u')
      .select([sql.lit('user').as('type'), 'u.id', displayNameSql.as('title'), 'u.createdAt'])
      .orderBy('u.createdAt', 'desc')
      .orderBy('u.id', 'desc')
      .limit(2);
    const songs = db
      .selectFrom('songs as s')
      .select([sql.lit('song').as('type'), 's.id', 's.title', 's.createdAt'])
      .orderBy('s.createdAt', 'desc')
      .orderBy('s.id', 'desc')
      .limit(3);
    const artists = db
      .selectFrom('artists as a')
      .select([sql.lit('artist').as('type'), 'a.id', 'a.name as title', 'a.createdAt'])
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(2);
    const albums = db
      .selectFrom('albums as al')
      .select([sql.lit('album').as('type'), 'al.id', 'al.title', 'al.createdAt'])
      .orderBy('al.createdAt', 'desc')
      .orderBy('al.id', 'desc')
      .limit(2);
    const rows = await db
      .selectFrom(users.as('u'))
      .selectAll()
      .unionAll(db.selectFrom(songs.as('s')).selectAll())
      .unionAll(db.selectFrom(artists.as('a')).selectAll())
      .unionAll(db.selectFrom(albums.as('al')).selectAll())
      .orderBy('createdAt', 'desc')
      .limit(RECENT_ACTIVITY_LIMIT)
      .execute();
    return rows.map((r) => ({
      type: r.type as RecentActivity['type'],
      id: r.id,
      title: r.title,
      createdAt: r.createdAt,
    }));
  };

  return {
    async dashboard(): Promise<Dashboard> {
      const days = lastUtcDays(STREAM_DAYS);
      const [f, recent] = await Promise.all([figures(days), recentActivity()]);
      const n = (name: string) => f.get(name) ?? 0;
      return {
        users: { total: n('users'), active: n('users.active'), premium: n('users.premium') },
        content: {
          artists: n('artists'),
          albums: n('albums'),
          songs: n('songs'),
          publishedSongs: n('songs.published'),
          genres: n('genres'),
        },
        engagement: { totalStreams: n('songs.streams'), totalDownloads: n('songs.downloads') },
        banners: { active: n('banners.active') },
        recentActivity: recent,
        streamsPerDay: days.map((date) => ({ date, streams: n(streamDay(date)) })),
      };
    },
  };
}
