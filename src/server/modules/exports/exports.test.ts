import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../contract/api-client';
import { nowIso } from '../../clock';
import { useApiTestApp } from '../../testing/api-test-app';
import { appUserWithToken } from '../../testing/app-users';
import { catalogueFixtures } from '../../testing/catalogue-fixtures';
import { testDialects } from '../../testing/databases';
import { testRows } from '../../testing/rows';
import { typedClient } from '../../testing/typed-client';

const TODAY = new Date('2026-11-22T10:30:00Z');
type CsvRow = Record<string, string>;

/** The parsed rows of an export answer, after checking it is a dated, unstored UTF-8 CSV with a BOM. */
function csvRows(answer: { data?: ArrayBuffer; response: Response }, name: string): CsvRow[] {
  expect(answer.response.status).toBe(200);
  expect(answer.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(answer.response.headers.get('content-disposition')).toBe(
    `attachment; filename="${name}-2026-11-22.csv"; filename*=UTF-8''${name}-2026-11-22.csv`,
  );
  expect(answer.response.headers.get('cache-control')).toBe('no-store');
  const bytes = Buffer.from(answer.data ?? new ArrayBuffer(0));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes, { bom: true, columns: true });
}

/** What a spreadsheet shows of a neutralised cell: the text without the quote the export put before it. */
const shown = (cell: string | undefined) => cell?.replace(/^'(?=[=+\-@\t\r])/, '');

describe.each(testDialects())('CSV export of every list on %s', (dialect) => {
  const t = useApiTestApp(dialect, { clock: () => TODAY });
  let api: ApiClient;
  const ids = {
    folk: 0,
    pop: 0,
    shireen: 0,
    formula: 0,
    plain: 0,
    saaz: 0,
    duet: 0,
    laila: 0,
    at: 0,
    draft: 0,
  };

  beforeAll(async () => {
    api = typedClient(t.app, { cookie: t.cookie });
    const db = t.database.db;
    const fixtures = catalogueFixtures(db);
    const rows = testRows(db);

    const genre = async (name: string, isActive = true) =>
      (await api.POST('/api/genres', { body: { name, isActive } })).data?.id as number;
    ids.folk = await genre('موسیقی محلی');
    ids.pop = await genre('-Minus pop', false);

    const artist = async (name: string, bio: string | null = null, verified = false) =>
      (await api.POST('/api/artists', { body: { name, bio, verified } })).data?.id as number;
    ids.shireen = await artist('شیرین بلوچ', 'یک خواننده\nاز "مکران", بلوچستان', true);
    ids.formula = await artist('=HYPERLINK("http://evil.example","x")');
    ids.plain = await artist('Plain Artist');

    ids.saaz = await fixtures.album('ساز و آواز', { primary: ids.shireen }, { genreId: ids.folk });
    ids.duet = await fixtures.album('Duets', { collaborators: [ids.shireen, ids.plain] });

    ids.laila = await fixtures.song(ids.saaz, 'لیلا جان', { genreId: ids.folk, totalStreams: 5 });
    ids.at = await fixtures.song(ids.duet, '@mention', { language: 'Brahui', totalStreams: 9 });
    ids.draft = await fixtures.song(ids.duet, 'Draft, "song"', { status: 'draft' });
    // Enough songs that the export reads more than one page of the list.
    const now = nowIso();
    for (let chunk = 0; chunk < 6; chunk++) {
      await db
        .insertInto('songs')
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            title: `Filler ${chunk * 200 + i}`,
            albumId: ids.duet,
            status: 'published',
            language: 'Balochi',
            searchText: `filler ${chunk * 200 + i}`,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }

    const user = await rows.user({ firstName: 'گل', lastName: 'بانو', username: 'gul' });
    await rows.user({ username: '+suspended', isActive: false, isPremium: true });
    await rows.playlist({ name: 'پلی لیست من', userId: user, isFeatured: true }, [ids.laila, ids.at]);
    await rows.playlist({ name: 'Hidden list', isHidden: true });

    const banner = async (title: string, position: 'hero' | 'popup', isActive = true) =>
      api.POST('/api/banners', {
        body: { title, imageUrl: 'https://cdn.example/b.png', position, isActive, priority: 2 },
      });
    await banner('بنر ویژه', 'hero');
    await banner('@popup', 'popup', false);
  });

  /** Every id of a JSON list (all its pages), in its order. */
  async function listIds(page: (offset: number) => Promise<{ data?: Array<{ id: number }> }>) {
    const all: number[] = [];
    for (let offset = 0; ; offset += 1000) {
      const rows = (await page(offset)).data ?? [];
      all.push(...rows.map((r) => r.id));
      if (rows.length < 1000) return all;
    }
  }
  const idsOf = (rows: CsvRow[]) => rows.map((r) => Number(r.ID));
  const csv = { parseAs: 'arrayBuffer' } as const;

  it('songs: the export is the list for the same search, filters and sort, across pages', async () => {
    const queries = [
      {},
      { q: 'لیلا' },
      { language: 'Brahui' as const },
      { status: 'draft' as const },
      { sort: 'most_played' as const },
      { genreId: ids.folk },
      { artistId: ids.shireen, sort: 'oldest' as const },
    ];
    for (const query of queries) {
      const exported = csvRows(
        await api.GET('/api/songs/export.csv', { params: { query }, ...csv }),
        'songs',
      );
      const listed = await listIds((offset) =>
        api.GET('/api/songs', { params: { query: { ...query, limit: 1000, offset } } }),
      );
      expect(idsOf(exported), JSON.stringify(query)).toEqual(listed);
    }
    const all = csvRows(await api.GET('/api/songs/export.csv', csv), 'songs');
    expect(all.length).toBe(1203);
    expect(all.find((r) => Number(r.ID) === ids.laila)).toMatchObject({
      Title: 'لیلا جان',
      Artist: 'شیرین بلوچ',
      Album: 'ساز و آواز',
      Category: 'موسیقی محلی',
      Language: 'Balochi',
      Streams: '5',
    });
    const at = all.find((r) => Number(r.ID) === ids.at);
    expect(at?.Title).toBe("'@mention");
    expect(at?.Category).toBe('');
    expect(all.find((r) => Number(r.ID) === ids.draft)?.Title).toBe('Draft, "song"');
  });

  it('artists: formula names neutralised, quotes and newlines round-trip', async () => {
    for (const query of [{}, { q: 'شیرین' }, { verified: 'true' as const }, { sort: 'name' as const }]) {
      const exported = csvRows(
        await api.GET('/api/artists/export.csv', { params: { query }, ...csv }),
        'artists',
      );
      const listed = await listIds((offset) =>
        api.GET('/api/artists', { params: { query: { ...query, limit: 1000, offset } } }),
      );
      expect(idsOf(exported), JSON.stringify(query)).toEqual(listed);
    }
    const rows = csvRows(await api.GET('/api/artists/export.csv', csv), 'artists');
    const byId = new Map(rows.map((r) => [Number(r.ID), r]));
    expect(byId.get(ids.formula)?.Name).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(shown(byId.get(ids.formula)?.Name)).toBe('=HYPERLINK("http://evil.example","x")');
    expect(byId.get(ids.shireen)).toMatchObject({
      Name: 'شیرین بلوچ',
      Verified: 'Yes',
      Bio: 'یک خواننده\nاز "مکران", بلوچستان',
      'Created (UTC)': expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    });
  });

  it('albums, categories, playlists, banners and users: the export is the filtered list', async () => {
    const cases: Array<[string, () => Promise<[CsvRow[], number[]]>]> = [];
    const add = (name: string, run: () => Promise<[CsvRow[], number[]]>) => cases.push([name, run]);
    for (const query of [{}, { q: 'ساز' }, { genreId: ids.folk }, { sort: 'title' as const }]) {
      add(`albums ${JSON.stringify(query)}`, async () => [
        csvRows(await api.GET('/api/albums/export.csv', { params: { query }, ...csv }), 'albums'),
        await listIds((offset) =>
          api.GET('/api/albums', { params: { query: { ...query, limit: 1000, offset } } }),
        ),
      ]);
    }
    for (const query of [{}, { q: 'موسیقی' }, { active: 'false' as const }, { sort: 'newest' as const }]) {
      add(`genres ${JSON.stringify(query)}`, async () => [
        csvRows(await api.GET('/api/genres/export.csv', { params: { query }, ...csv }), 'categories'),
        await listIds((offset) =>
          api.GET('/api/genres', { params: { query: { ...query, limit: 1000, offset } } }),
        ),
      ]);
    }
    for (const query of [{}, { q: 'پلی' }, { filter: 'hidden' as const }, { sort: 'songs' as const }]) {
      add(`playlists ${JSON.stringify(query)}`, async () => [
        csvRows(await api.GET('/api/playlists/export.csv', { params: { query }, ...csv }), 'playlists'),
        await listIds((offset) =>
          api.GET('/api/playlists', { params: { query: { ...query, limit: 1000, offset } } }),
        ),
      ]);
    }
    for (const query of [{}, { q: 'بنر' }, { position: 'popup' as const }, { sort: 'oldest' as const }]) {
      add(`banners ${JSON.stringify(query)}`, async () => [
        csvRows(await api.GET('/api/banners/export.csv', { params: { query }, ...csv }), 'banners'),
        await listIds((offset) =>
          api.GET('/api/banners', { params: { query: { ...query, limit: 1000, offset } } }),
        ),
      ]);
    }
    for (const query of [{}, { q: 'گل' }, { status: 'suspended' as const }, { sort: 'name' as const }]) {
      add(`users ${JSON.stringify(query)}`, async () => [
        csvRows(await api.GET('/api/users/export.csv', { params: { query }, ...csv }), 'users'),
        await listIds((offset) =>
          api.GET('/api/users', { params: { query: { ...query, limit: 1000, offset } } }),
        ),
      ]);
    }
    for (const [name, run] of cases) {
      const [exported, listed] = await run();
      expect(listed.length, `${name} lists something`).toBeGreaterThan(0);
      expect(idsOf(exported), name).toEqual(listed);
    }
  });

  it('names references instead of ids and uses readable values', async () => {
    const albums = csvRows(await api.GET('/api/albums/export.csv', csv), 'albums');
    expect(albums.find((a) => Number(a.ID) === ids.saaz)).toMatchObject({
      Title: 'ساز و آواز',
      Type: 'Single',
      Artist: 'شیرین بلوچ',
      Category: 'موسیقی محلی',
    });
    const genres = csvRows(await api.GET('/api/genres/export.csv', csv), 'categories');
    expect(genres.find((g) => Number(g.ID) === ids.pop)).toMatchObject({ Name: "'-Minus pop", Active: 'No' });
    const playlists = csvRows(await api.GET('/api/playlists/export.csv', csv), 'playlists');
    expect(playlists.find((p) => p.Name === 'پلی لیست من')).toMatchObject({
      'Created by': 'گل بانو',
      Songs: '2',
      Featured: 'Yes',
    });
    const banners = csvRows(await api.GET('/api/banners/export.csv', csv), 'banners');
    expect(banners.find((b) => b.Title === "'@popup")).toMatchObject({ Position: 'Popup', Active: 'No' });
    const users = csvRows(await api.GET('/api/users/export.csv', csv), 'users');
    expect(users.find((u) => u.Username === "'+suspended")).toMatchObject({
      Account: 'Pro',
      Status: 'Suspended',
    });
    expect(Object.keys(users[0] ?? {})).toEqual([
      'ID',
      'Username',
      'First name',
      'Last name',
      'Email',
      'Sign-up method',
      'Account',
      'Status',
      'Joined (UTC)',
    ]);
  });

  it('is for admins only, validates the list query and leaves the id routes strict', async () => {
    const paths = ['artists', 'albums', 'songs', 'genres', 'playlists', 'banners', 'users'];
    const { authorization } = await appUserWithToken(t.database.db, { username: 'سارا' });
    for (const list of paths) {
      const url = `/api/${list}/export.csv`;
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect([anonymous.statusCode, anonymous.json().code], url).toEqual([401, 'UNAUTHENTICATED']);
      const appUser = await t.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(appUser.statusCode, url).toBeGreaterThanOrEqual(401);
      expect(appUser.statusCode, url).toBeLessThanOrEqual(403);
      const badSort = await t.call('GET', `${url}?sort=nope`);
      expect([badSort.statusCode, badSort.json().code], url).toEqual([400, 'VALIDATION_ERROR']);
      // Every list has GET /:id: a near miss of the export's path is a malformed id, not an export.
      const nearMiss = await t.call('GET', `/api/${list}/export.csv2`);
      expect([nearMiss.statusCode, nearMiss.json().code], url).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
});
