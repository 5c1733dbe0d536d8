import { type Kysely, sql } from 'kysely';
import { type Dashboard, RECENT_ACTIVITY_LIMIT, type RecentActivity } from '../../../contract/dashboard';
import { num } from '../../db/mappers';
import type { DB } from '../../db/schema';
import { displayNameSql } from '../users/repo';

const DAY_MS = 86_400_000;
export const STREAM_DAYS = 30;

/** The last `days` UTC dates, oldest first, today included (YYYY-MM-DD). */
export function lastUtcDays(days: number, now = Date.now()): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Dashboard figures, each an aggregate computed by the database; no table is read into memory. */
export function analyticsRepo(db: Kysely<DB>) {
  const totals = () =>
    db
      .selectNoFrom((eb) => {
        const n = eb.fn.countAll<number>().as('n');
        return [
          eb.selectFrom('appUsers').select(n).as('usersTotal'),
          eb.selectFrom('appUsers').select(n).where('isActive', '=', true).as('usersActive'),
          eb.selectFrom('appUsers').select(n).where('isPremium', '=', true).as('usersPremium'),
          eb.selectFrom('artists').select(n).as('artists'),
          eb.selectFrom('albums').select(n).as('albums'),
          eb.selectFrom('songs').select(n).as('songs'),
          eb.selectFrom('songs').select(n).where('status', '=', 'published').as('publishedSongs'),
          eb.selectFrom('genres').select(n).as('genres'),
          eb.selectFrom('banners').select(n).where('isActive', '=', true).as('activeBanners'),
          eb
            .selectFrom('songs')
            .select((e) => e.fn.sum<number>('totalStreams').as('n'))
            .as('totalStreams'),
          eb
            .selectFrom('songs')
            .select((e) => e.fn.sum<number>('downloadsCount').as('n'))
            .as('totalDownloads'),
        ];
      })
      .executeTakeFirstOrThrow();

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

  /** Stream events per UTC day over the last STREAM_DAYS days (timestamps are ISO text: the day is its first 10 characters). */
  const streamsPerDay = async (now = Date.now()): Promise<Dashboard['streamsPerDay']> => {
    const days = lastUtcDays(STREAM_DAYS, now);
    const first = days[0] ?? '';
    const day = sql<string>`substr(created_at, 1, 10)`;
    const rows = await db
      .selectFrom('streamEvents')
      .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('createdAt', '>=', first)
      .where('createdAt', '<', new Date(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS).toISOString())
      .groupBy(day)
      .execute();
    const byDay = new Map(rows.map((r) => [r.day, num(r.n)]));
    return days.map((date) => ({ date, streams: byDay.get(date) ?? 0 }));
  };

  return {
    async dashboard(): Promise<Dashboard> {
      const [t, recent, perDay] = await Promise.all([totals(), recentActivity(), streamsPerDay()]);
      return {
        users: { total: num(t.usersTotal), active: num(t.usersActive), premium: num(t.usersPremium) },
        content: {
          artists: num(t.artists),
          albums: num(t.albums),
          songs: num(t.songs),
          publishedSongs: num(t.publishedSongs),
          genres: num(t.genres),
        },
        engagement: { totalStreams: num(t.totalStreams), totalDownloads: num(t.totalDownloads) },
        banners: { active: num(t.activeBanners) },
        recentActivity: recent,
        streamsPerDay: perDay,
      };
    },
  };
}
