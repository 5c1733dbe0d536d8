import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoMinus, nowIso } from '../../clock';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';
import { type TestRows, testRows } from '../../testing/rows';
import { deviceTokens } from '../accounts/devices';
import { appUserSearchText } from '../search-text';

const DAY = 86_400_000;

describe.each(testDialects())('users API on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  let rows: TestRows;
  const ids = { karim: 0, mahnaz: 0, legacy: 0, apple: 0, suspended: 0 };

  beforeAll(async () => {
    rows = testRows(t.database.db);
    ids.karim = await rows.user({
      firstName: 'كريم',
      lastName: 'بلوچ',
      username: 'karim_b',
      email: 'karim@example.com',
      signupMethod: 'google',
      isPremium: true,
      createdAt: isoMinus(5 * DAY),
    });
    ids.mahnaz = await rows.user({
      firstName: 'Mahnaz',
      username: 'mahnaz',
      email: 'mahnaz@quetta.example',
      signupMethod: 'email',
      createdAt: isoMinus(4 * DAY),
    });
    ids.legacy = await rows.user({
      username: 'zubair',
      email: 'z@example.com',
      signupMethod: 'twitter',
      createdAt: isoMinus(3 * DAY),
    });
    ids.apple = await rows.user({
      lastName: 'Rind',
      username: 'apple_user',
      email: 'apple@example.com',
      signupMethod: 'apple',
      isPremium: true,
      createdAt: isoMinus(2 * DAY),
    });
    ids.suspended = await rows.user({
      firstName: "<b>Bad</b>'; delete from app_users; --",
      username: 'suspended',
      email: 's@example.com',
      signupMethod: 'facebook',
      isActive: false,
      createdAt: isoMinus(DAY),
    });
  });

  const { call } = t;
  const usernames = async (url: string) =>
    (await call('GET', url)).json().map((u: { username: string }) => u.username);

  it('lists users newest first with the documented fields and no secrets', async () => {
    const res = await call('GET', '/api/users');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    const list = res.json();
    expect(list.map((u: { id: number }) => u.id)).toEqual([
      ids.suspended,
      ids.apple,
      ids.legacy,
      ids.mahnaz,
      ids.karim,
    ]);
    expect(list[4]).toEqual({
      id: ids.karim,
      firstName: 'كريم',
      lastName: 'بلوچ',
      username: 'karim_b',
      email: 'karim@example.com',
      profileImage: null,
      signupMethod: 'google',
      isPremium: true,
      isActive: true,
      createdAt: expect.any(String),
    });
    expect(list[0].firstName).toBe("<b>Bad</b>'; delete from app_users; --");
    expect(JSON.stringify(list)).not.toMatch(/password|searchText|search_text/i);
  });

  it('reads any unknown signup method as email, in the list and in the email filter', async () => {
    expect((await call('GET', `/api/users/${ids.legacy}`)).json().signupMethod).toBe('email');
    expect(await usernames('/api/users?signupMethod=email&sort=oldest')).toEqual(['mahnaz', 'zubair']);
    expect(await usernames('/api/users?signupMethod=apple')).toEqual(['apple_user']);
    expect((await call('GET', '/api/users?signupMethod=twitter')).statusCode).toBe(400);
  });

  it('filters by status and account type, combined, with the total of the filtered list', async () => {
    expect(await usernames('/api/users?status=suspended')).toEqual(['suspended']);
    const active = await call('GET', '/api/users?status=active');
    expect(active.headers['x-total-count']).toBe('4');
    expect(await usernames('/api/users?account=pro&sort=oldest')).toEqual(['karim_b', 'apple_user']);
    const free = await call('GET', '/api/users?account=free&status=active');
    expect(free.json().map((u: { username: string }) => u.username)).toEqual(['zubair', 'mahnaz']);
    expect(free.headers['x-total-count']).toBe('2');
    for (const url of ['/api/users?status=banned', '/api/users?account=gold', '/api/users?sort=email']) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].field).toBeTruthy();
    }
  });

  it('searches names, username and email, folding Arabic letter variants', async () => {
    expect(await usernames(`/api/users?q=${encodeURIComponent('کریم')}`)).toEqual(['karim_b']);
    expect(await usernames(`/api/users?q=${encodeURIComponent('كَرِيم بلوچ')}`)).toEqual(['karim_b']);
    expect(await usernames('/api/users?q=MAHNAZ')).toEqual(['mahnaz']);
    expect(await usernames('/api/users?q=quetta.example')).toEqual(['mahnaz']);
    expect(await usernames('/api/users?q=rind')).toEqual(['apple_user']);
    expect(await usernames('/api/users?q=karim&account=free')).toEqual([]);
  });

  it('sorts by display name and pages', async () => {
    // Display names: كريم بلوچ, Mahnaz, zubair, Rind, <b>Bad</b>…
    const byName = await usernames('/api/users?sort=name');
    expect(byName.slice(0, 4)).toEqual(['suspended', 'mahnaz', 'apple_user', 'zubair']);
    const page = await call('GET', '/api/users?sort=name&limit=2&offset=1');
    expect(page.json().map((u: { username: string }) => u.username)).toEqual(['mahnaz', 'apple_user']);
    expect(page.headers['x-total-count']).toBe('5');
  });

  it('toggles Pro and suspension', async () => {
    const pro = await call('PUT', `/api/users/${ids.mahnaz}`, { isPremium: true });
    expect(pro.statusCode).toBe(200);
    expect(pro.json()).toMatchObject({ id: ids.mahnaz, isPremium: true, isActive: true });
    const suspended = await call('PUT', `/api/users/${ids.mahnaz}`, { isActive: false });
    expect(suspended.json()).toMatchObject({ isPremium: true, isActive: false });
    const both = await call('PUT', `/api/users/${ids.mahnaz}`, { isPremium: false, isActive: true });
    expect(both.json()).toMatchObject({ isPremium: false, isActive: true });
  });

  it('validates updates and changes nothing', async () => {
    const before = (await call('GET', `/api/users/${ids.apple}`)).json();
    for (const [body, field] of [
      [{}, ''],
      [{ isPremium: 'true' }, 'isPremium'],
      [{ isActive: 0 }, 'isActive'],
      [{ isActive: null }, 'isActive'],
      [{ email: 'new@example.com' }, 'email'],
      [{ isPremium: true, username: "x'; drop table app_users;--" }, 'username'],
    ] as const) {
      const res = await call('PUT', `/api/users/${ids.apple}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details[0].field).toBe(field);
    }
    expect((await call('GET', `/api/users/${ids.apple}`)).json()).toEqual(before);
  });

  it('answers 404 for missing users and 400 for bad ids', async () => {
    expect((await call('GET', '/api/users/999999')).json()).toMatchObject({
      code: 'NOT_FOUND',
      error: 'User not found',
    });
    expect((await call('PUT', '/api/users/999999', { isActive: true })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/users/999999')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/users/-1')).statusCode).toBe(400);
  });

  it('deletes a user with their playlists, likes, follows and tokens; events stay anonymous', async () => {
    const db = t.database.db;
    const other = ids.mahnaz;
    const artist = await rows.artist('استاد');
    const album = await rows.album(artist);
    const [s1, s2] = [await rows.song(album), await rows.song(album)] as [number, number];
    const ownPlaylist = await rows.playlist({ name: 'Karim mix', userId: ids.karim }, [s1, s2]);
    const otherPlaylist = await rows.playlist({ name: 'Mahnaz mix', userId: other }, [s1]);
    await rows.like(ids.karim, s1);
    await rows.like(ids.karim, s2);
    await rows.like(other, s1);
    await db
      .insertInto('artistFollows')
      .values({ userId: ids.karim, artistId: artist, createdAt: nowIso() })
      .execute();
    await deviceTokens(db).issue(ids.karim, null);
    await rows.stream(s1, ids.karim);
    await rows.stream(s1, other);
    await db
      .insertInto('downloadEvents')
      .values({ songId: s2, userId: ids.karim, createdAt: nowIso() })
      .execute();

    expect((await call('DELETE', `/api/users/${ids.karim}`)).statusCode).toBe(204);

    expect((await call('GET', `/api/users/${ids.karim}`)).statusCode).toBe(404);
    const playlists = await db.selectFrom('playlists').select('id').execute();
    expect(playlists.map((p) => p.id)).toEqual([otherPlaylist]);
    expect(
      await db.selectFrom('playlistSongs').select('songId').where('playlistId', '=', ownPlaylist).execute(),
    ).toEqual([]);
    const likes = await db.selectFrom('songLikes').select(['userId', 'songId']).execute();
    expect(likes).toEqual([{ userId: other, songId: s1 }]);
    const counts = await db
      .selectFrom('songs')
      .select(['id', 'likesCount'])
      .where('id', 'in', [s1, s2])
      .orderBy('id')
      .execute();
    expect(counts.map((c) => Number(c.likesCount))).toEqual([1, 0]);
    expect(await db.selectFrom('artistFollows').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('appUserTokens').selectAll().execute()).toEqual([]);
    const streams = await db.selectFrom('streamEvents').select('userId').orderBy('id').execute();
    expect(streams.map((s) => s.userId)).toEqual([null, other]);
    expect(
      (await db.selectFrom('downloadEvents').select('userId').executeTakeFirstOrThrow()).userId,
    ).toBeNull();
    expect((await call('GET', '/api/users')).headers['x-total-count']).toBe('4');
  });

  it('serves deep pages by seek in the same order as plain offsets, totals fresh after writes', async () => {
    const db = t.database.db;
    const base = Date.parse('2024-01-01T00:00:00Z');
    const values = Array.from({ length: 1300 }, (_, i) => {
      const username = `bulk_${String(i).padStart(4, '0')}`;
      // Pairs of users share a timestamp so the id tie-break matters.
      const createdAt = new Date(base + Math.floor(i / 2) * 1000).toISOString();
      return {
        username,
        email: `${username}@example.com`,
        signupMethod: i % 3 === 0 ? 'google' : 'email',
        isPremium: i % 5 === 0,
        isActive: true,
        searchText: appUserSearchText({
          firstName: null,
          lastName: null,
          username,
          email: `${username}@example.com`,
        }),
        createdAt,
        updatedAt: createdAt,
      };
    });
    for (let i = 0; i < values.length; i += 200)
      await db
        .insertInto('appUsers')
        .values(values.slice(i, i + 200))
        .execute();

    for (const [sort, dir] of [
      ['newest', 'desc'],
      ['oldest', 'asc'],
    ] as const) {
      for (const filter of ['', '&signupMethod=google', '&q=bulk_1']) {
        const expected = (
          await db
            .selectFrom('appUsers')
            .select(['id', 'username', 'signupMethod'])
            .where('username', 'like', 'bulk%')
            .orderBy('createdAt', dir)
            .orderBy('id', dir)
            .execute()
        )
          .filter((u) => filter !== '&signupMethod=google' || u.signupMethod === 'google')
          .filter((u) => filter !== '&q=bulk_1' || u.username.startsWith('bulk_1'))
          .map((u) => u.id);
        const all = await call('GET', `/api/users?sort=${sort}${filter}&limit=1000`);
        const total = Number(all.headers['x-total-count']);
        const ids = async (offset: number) =>
          (await call('GET', `/api/users?sort=${sort}${filter}&limit=7&offset=${offset}`))
            .json()
            .map((u: { id: number }) => u.id);
        // The list holds the bulk users plus the few earlier ones; compare positions among bulk users only.
        const full: number[] = [];
        for (let offset = 0; offset < total; offset += 1000) {
          full.push(
            ...(await call('GET', `/api/users?sort=${sort}${filter}&limit=1000&offset=${offset}`))
              .json()
              .map((u: { id: number }) => u.id),
          );
        }
        expect(
          full.filter((id) => expected.includes(id)),
          `${sort}${filter}`,
        ).toEqual(expected);
        for (const offset of [499, 500, 501, 1000, 1003, total - 3]) {
          expect(await ids(offset), `${sort}${filter} @${offset}`).toEqual(full.slice(offset, offset + 7));
        }
        expect(await ids(total + 600)).toEqual([]);
      }
    }
    const before = Number((await call('GET', '/api/users')).headers['x-total-count']);
    const victim = values[0]?.username;
    const { id } = await db
      .selectFrom('appUsers')
      .select('id')
      .where('username', '=', victim ?? '')
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/users/${id}`)).statusCode).toBe(204);
    expect(Number((await call('GET', '/api/users')).headers['x-total-count'])).toBe(before - 1);
  });

  it('rolls the like counts back when the user row cannot be deleted', async () => {
    const db = t.database.db;
    const album = await rows.album(await rows.artist());
    const song = await rows.song(album);
    const user = await rows.user({ username: 'blocked' });
    await rows.like(user, song);
    // A trigger that refuses the delete stands in for any failure inside the transaction.
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_delete before delete on app_users
        begin select raise(abort, 'refused'); end`.execute(db);
    } else {
      await sql`create function refuse_delete() returns trigger language plpgsql
        as $$ begin raise exception 'refused'; end $$`.execute(db);
      await sql`create trigger refuse_delete before delete on app_users
        for each row execute function refuse_delete()`.execute(db);
    }
    const res = await call('DELETE', `/api/users/${user}`);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR', details: null });
    const row = await db
      .selectFrom('songs')
      .select('likesCount')
      .where('id', '=', song)
      .executeTakeFirstOrThrow();
    expect(Number(row.likesCount)).toBe(1);
    expect(
      await db.selectFrom('songLikes').select('songId').where('userId', '=', user).execute(),
    ).toHaveLength(1);
  });
});
