import { describe, expect, it } from 'vitest';
import { isoMinus, nowIso, systemClock } from '../../clock';
import { playbackRepo } from '../../mobile/playback-repo';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';
import { testRows } from '../../testing/rows';
import { analyticsRepo, lastUtcDays } from './repo';

const DAY = 86_400_000;
const MIN = 60_000;

describe('lastUtcDays', () => {
  it('lists the last days oldest first, today included, across a month end', () => {
    expect(lastUtcDays(3, Date.parse('2025-03-01T23:59:59Z'))).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
    ]);
    expect(lastUtcDays(30)).toHaveLength(30);
  });
});

describe.each(testDialects())('dashboard analytics on %s', (dialect) => {
  const t = useApiTestApp(dialect);

  const dashboard = async () => {
    const res = await t.call('GET', '/api/analytics/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data;
  };

  it('answers zeros, no activity and 30 empty days on an empty catalogue', async () => {
    const data = await dashboard();
    expect(data).toMatchObject({
      users: { total: 0, active: 0, premium: 0 },
      content: { artists: 0, albums: 0, songs: 0, publishedSongs: 0, genres: 0 },
      engagement: { totalStreams: 0, totalDownloads: 0 },
      banners: { active: 0 },
      recentActivity: [],
    });
    expect(data.streamsPerDay).toHaveLength(30);
    expect(data.streamsPerDay.every((d: { streams: number }) => d.streams === 0)).toBe(true);
    expect(data.streamsPerDay.at(-1).date).toBe(nowIso().slice(0, 10));
  });

  it('computes every figure from the rows', async () => {
    const db = t.database.db;
    const rows = testRows(db);
    // Users: 4, of which 3 active and 2 premium; the two newest are Karim and shay.
    await rows.user({ username: 'old1', createdAt: isoMinus(90 * MIN) });
    await rows.user({ username: 'old2', isActive: false, isPremium: true, createdAt: isoMinus(80 * MIN) });
    const karim = await rows.user({
      firstName: 'كريم',
      lastName: 'بلوچ',
      username: 'k',
      createdAt: isoMinus(10 * MIN),
    });
    const shay = await rows.user({ username: 'shay', isPremium: true, createdAt: isoMinus(50 * MIN) });
    // Artists 3 (two newest: Sabz Ali at -8, Mahnaz at -60); albums 2.
    await rows.artist('Old artist', isoMinus(100 * MIN));
    const mahnaz = await rows.artist('Mahnaz', isoMinus(60 * MIN));
    const sabz = await rows.artist('سبز علی', isoMinus(8 * MIN));
    const a1 = await rows.album(mahnaz, 'Laadi', isoMinus(70 * MIN));
    const a2 = await rows.album(sabz, 'Zahirok', isoMinus(4 * MIN));
    // Songs: 5, 3 published; streams 100+20+0+5+1 and downloads 7+0+0+2+1.
    const s1 = await rows.song(a1, {
      title: 'Old song',
      totalStreams: 100,
      downloadsCount: 7,
      createdAt: isoMinus(95 * MIN),
    });
    await rows.song(a1, { title: 'Draft', status: 'draft', totalStreams: 20, createdAt: isoMinus(30 * MIN) });
    await rows.song(a1, { title: 'Processing', status: 'processing', createdAt: isoMinus(20 * MIN) });
    const s4 = await rows.song(a2, {
      title: 'نازینک',
      totalStreams: 5,
      downloadsCount: 2,
      createdAt: isoMinus(6 * MIN),
    });
    await rows.song(a2, {
      title: 'Newest',
      totalStreams: 1,
      downloadsCount: 1,
      createdAt: isoMinus(2 * MIN),
    });
    const now = nowIso();
    await db
      .insertInto('genres')
      .values([
        { name: 'Sepad', isActive: true, searchText: 'sepad', createdAt: now, updatedAt: now },
        { name: 'Laadi', isActive: false, searchText: 'laadi', createdAt: now, updatedAt: now },
      ])
      .execute();
    const banner = {
      imageUrl: '/b.png',
      position: 'hero' as const,
      priority: 1,
      searchText: '',
      createdAt: now,
      updatedAt: now,
    };
    await db
      .insertInto('banners')
      .values([
        { ...banner, title: 'On', isActive: true },
        { ...banner, title: 'On too', isActive: true },
        { ...banner, title: 'Off', isActive: false },
      ])
      .execute();
    // Stream events: 3 today, 2 yesterday, 1 29 days ago (first day shown), 1 30 days ago (outside).
    const today = Math.floor(Date.now() / DAY) * DAY;
    const at = (ms: number) => new Date(ms).toISOString();
    for (const when of [today + 1000, today + 2000, today + 3000]) await rows.stream(s1, karim, at(when));
    await rows.stream(s4, shay, at(today - DAY + 5000));
    await rows.stream(s4, null, at(today - 1));
    await rows.stream(s1, null, at(today - 29 * DAY));
    await rows.stream(s1, null, at(today - 29 * DAY - 1));

    const data = await dashboard();
    expect(data.users).toEqual({ total: 4, active: 3, premium: 2 });
    expect(data.content).toEqual({ artists: 3, albums: 2, songs: 5, publishedSongs: 3, genres: 2 });
    expect(data.engagement).toEqual({ totalStreams: 126, totalDownloads: 10 });
    expect(data.banners).toEqual({ active: 2 });

    // Candidates: users k(-10) shay(-50); songs Newest(-2) نازینک(-6) Processing(-20);
    // artists سبز علی(-8) Mahnaz(-60); albums Zahirok(-4) Laadi(-70). Newest six win.
    expect(data.recentActivity.map((a: { type: string; title: string }) => `${a.type}:${a.title}`)).toEqual([
      'song:Newest',
      'album:Zahirok',
      'song:نازینک',
      'artist:سبز علی',
      'user:كريم بلوچ',
      'song:Processing',
    ]);
    expect(data.recentActivity[4]).toMatchObject({ type: 'user', id: karim });
    expect(data.recentActivity[3]).toMatchObject({ id: sabz });

    const perDay = data.streamsPerDay as Array<{ date: string; streams: number }>;
    expect(perDay).toHaveLength(30);
    expect(perDay.at(-1)).toEqual({ date: at(today).slice(0, 10), streams: 3 });
    expect(perDay.at(-2)).toEqual({ date: at(today - DAY).slice(0, 10), streams: 2 });
    expect(perDay[0]).toEqual({ date: at(today - 29 * DAY).slice(0, 10), streams: 1 });
    expect(perDay.reduce((sum, d) => sum + d.streams, 0)).toBe(6);
    expect(perDay.map((d) => d.date)).toEqual([...perDay.map((d) => d.date)].sort());
  });

  it('shows an app user without a name by username and keeps at most 2 users', async () => {
    const rows = testRows(t.database.db);
    for (const username of ['new_a', 'new_b', 'new_c']) await rows.user({ username, createdAt: nowIso() });
    const users = (await dashboard()).recentActivity.filter((a: { type: string }) => a.type === 'user');
    expect(users.map((u: { title: string }) => u.title)).toEqual(['new_c', 'new_b']);
  });

  it('keeps every figure equal to a full recount through streams, status changes and deletes', async () => {
    const db = t.database.db;
    const rows = testRows(db);
    const playback = playbackRepo(db, dialect, systemClock);
    const context = { deviceType: null, platform: null, location: null };
    const users = await Promise.all(
      Array.from({ length: 12 }, (_, i) => rows.user({ isPremium: i % 3 === 0 })),
    );
    const [artist, spare] = [await rows.artist('ملک'), await rows.artist('Spare')];
    const [kept, doomed] = [await rows.album(artist, 'Kept'), await rows.album(artist, 'Doomed')];
    const songs = [
      await rows.song(kept, { title: 'یک', totalStreams: 40, downloadsCount: 3 }),
      await rows.song(kept, { title: 'دو', status: 'draft' }),
      await rows.song(doomed, { title: 'سه', totalStreams: 7 }),
      await rows.song(doomed, { title: 'چار' }),
    ] as const;
    const yesterday = new Date(Date.now() - DAY).toISOString();
    for (const song of songs) await rows.stream(song, users[0], yesterday);
    // Parallel streams of every song by every user, as the app records them.
    await Promise.all(users.flatMap((u) => songs.map((s) => playback.recordStream(s, u, context))));
    await playback.recordDownload(songs[0], users[1] ?? 0);
    expect(await analyticsRepo(db).dashboard()).toEqual(await recount());

    await db.updateTable('songs').set({ status: 'published' }).where('id', '=', songs[1]).execute();
    await db
      .updateTable('appUsers')
      .set({ isActive: false, isPremium: true })
      .where('id', '=', users[2] ?? 0)
      .execute();
    await db
      .deleteFrom('appUsers')
      .where('id', '=', users[3] ?? 0)
      .execute();
    await db.deleteFrom('songs').where('id', '=', songs[0]).execute();
    await db.deleteFrom('songs').where('albumId', '=', doomed).execute();
    await db.deleteFrom('albums').where('id', '=', doomed).execute();
    await db.deleteFrom('artists').where('id', '=', spare).execute();
    expect(await analyticsRepo(db).dashboard()).toEqual(await recount());
  });

  /** The dashboard as counted from the rows themselves (the figures without recent activity). */
  async function recount() {
    const db = t.database.db;
    const count = async (table: 'appUsers' | 'artists' | 'albums' | 'genres' | 'songs', where = {}) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where((eb) => eb.and(where))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sums = await db
      .selectFrom('songs')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('totalStreams'), eb.lit(0)).as('streams'),
        eb.fn.coalesce(eb.fn.sum<number>('downloadsCount'), eb.lit(0)).as('downloads'),
      ])
      .executeTakeFirstOrThrow();
    const activeBanners = Number(
      (
        await db
          .selectFrom('banners')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('isActive', '=', true)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const events = await db.selectFrom('streamEvents').select('createdAt').execute();
    return {
      users: {
        total: await count('appUsers'),
        active: await count('appUsers', { isActive: true }),
        premium: await count('appUsers', { isPremium: true }),
      },
      content: {
        artists: await count('artists'),
        albums: await count('albums'),
        songs: await count('songs'),
        publishedSongs: await count('songs', { status: 'published' }),
        genres: await count('genres'),
      },
      engagement: { totalStreams: Number(sums.streams), totalDownloads: Number(sums.downloads) },
      banners: { active: activeBanners },
      recentActivity: expect.any(Array),
      streamsPerDay: lastUtcDays(30).map((date) => ({
        date,
        streams: events.filter((e) => e.createdAt.startsWith(date)).length,
      })),
    };
  }
});
