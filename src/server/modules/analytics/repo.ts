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
  /** Each table is scanned at most once: its figures are aggregated together, the results cross-joined. */
  const totals = () => {
    const users = db
      .selectFrom('appUsers')
      .select((eb) => [
        eb.fn.countAll<number>().as('usersTotal'),
        eb.fn.sum<number>(eb.case().when('isActive', '=', true).then(1).else(0).end()).as('usersActive'),
        eb.fn.sum<number>(eb.case().when('isPremium', '=', true).then(1).else(0).end()).as('usersPremium'),
      ]);
    const songs = db
      .selectFrom('songs')
      .select((eb) => [
        eb.fn.countAll<number>().as('songs'),
        eb.fn
          .sum<number>(eb.case().when('status', '=', 'published').then(1).else(0).end())
          .as('publishedSongs'),
        eb.fn.sum<number>('totalStreams').as('totalStreams'),
        eb.fn.sum<number>('downloadsCount').as('totalDownloads'),
      ]);
    const others = db.selectNoFrom((eb) => {
      const n = eb.fn.countAll<number>().as('n');
      return [
        eb.selectFrom('artists').select(n).as('artists'),
        eb.selectFrom('albums').select(n).as('albums'),
        eb.selectFrom('genres').select(n).as('genres'),
        eb.selectFrom('banners').select(n).where('isActive', '=', true).as('activeBanners'),
      ];
    });
    return db
      .selectFrom([users.as('u'), songs.as('s'), others.as('o')])
      .selectAll()
      .executeTakeFirstOrThrow();
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

  /**
   * Stream events per UTC day over the last STREAM_DAYS days: one index range count per day
   * (stream_events_created_idx; timestamps are ISO text, so a day is a text range), in one query.
   */
  const streamsPerDay = async (now = Date.now()): Promise<Dashboard['streamsPerDay']> => {
    const days = lastUtcDays(STREAM_DAYS, now);
    const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString();
    const row = await db
      .selectNoFrom((eb) =>
        days.map((date, i) =>
          eb
            .selectFrom('streamEvents')
            .select(eb.fn.countAll<number>().as('n'))
            .where('createdAt', '>=', `${date}T00:00:00.000Z`)
            .where('createdAt', '<', nextDay(date))
            .as(`d${i}`),
        ),
      )
      .executeTakeFirstOrThrow();
    const counts = row as Record<string, number | string | null>;
    return days.map((date, i) => ({ date, streams: num(counts[`d${i}`]) }));
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
