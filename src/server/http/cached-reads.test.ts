import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../clock';
import { useApiTestApp } from '../testing/api-test-app';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { testDialects } from '../testing/databases';

/** A word of its own for each test, so its searches see only its rows (trigram search needs 3+ letters). */
const newTag = () => [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

interface SongRow {
  id: number;
  title: string;
  albumTitle: string;
  artistName: string;
  genreId: number | null;
  totalStreams: number;
}

describe.each(testDialects())('cached reads on %s: every write is seen at once', (dialect) => {
  const t = useApiTestApp(dialect);

  /** GETs `url` twice: the second must come from the cache (a 304 for the first answer's ETag). */
  async function read(url: string) {
    const first = await t.call('GET', url);
    expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ url, headers: { cookie: t.cookie, 'if-none-match': etag } });
    expect(again.statusCode, url).toBe(304);
    return { body: first.json() as unknown, total: Number(first.headers['x-total-count'] ?? -1), etag };
  }

  const songIn = async (url: string, id: number) => {
    const { body, total } = await read(url);
    const rows = (Array.isArray(body) ? body : [body]) as SongRow[];
    return { song: rows.find((s) => s.id === id), total };
  };

  async function catalogue() {
    const fx = catalogueFixtures(t.database.db);
    const tag = newTag();
    const artist = await fx.artist(`کریم ${tag}`);
    const album = await fx.album(`Sepad ${tag}`, { primary: artist });
    const song = await fx.song(album, `Zeba ${tag}`);
    return { fx, tag, artist, album, song };
  }

  /** Every cached read that shows the song, by URL. */
  const songReads = (c: { tag: string; artist: number; album: number; song: number }) => [
    `/api/songs?q=${c.tag}`,
    `/api/songs?artistId=${c.artist}`,
    `/api/songs?albumId=${c.album}`,
    `/api/songs?limit=20&sort=newest`,
    `/api/songs/${c.song}`,
  ];

  it('renaming the album and changing its credits reaches every song read, searches included', async () => {
    const c = await catalogue();
    const shay = await c.fx.artist(`Shay ${c.tag}`);
    const noor = await c.fx.artist('نور');
    const fresh = newTag();
    const before = songReads(c);
    for (const url of before) expect((await songIn(url, c.song)).song?.albumTitle).toBe(`Sepad ${c.tag}`);
    expect((await songIn(`/api/songs?q=${fresh}`, c.song)).song).toBeUndefined();
    expect((await songIn(`/api/songs?artistId=${shay}`, c.song)).song).toBeUndefined();

    const put = await t.call('PUT', `/api/albums/${c.album}`, {
      title: `Watan ${fresh}`,
      albumType: 'collaboration',
      selectedArtists: [shay, noor],
    });
    expect(put.statusCode, put.body).toBe(200);

    for (const url of [...before.filter((u) => !u.includes('artistId')), `/api/songs?q=${fresh}`]) {
      const { song } = await songIn(url, c.song);
      expect(song?.albumTitle, url).toBe(`Watan ${fresh}`);
      expect(song?.artistName, url).toContain('نور');
    }
    expect((await songIn(`/api/songs?artistId=${shay}`, c.song)).song?.title).toBe(`Zeba ${c.tag}`);
    expect((await songIn(`/api/songs?artistId=${c.artist}`, c.song)).song).toBeUndefined();
  });

  it('renaming the artist reaches the song, album and artist reads', async () => {
    const c = await catalogue();
    const urls = [...songReads(c), `/api/albums?q=${c.tag}`, `/api/artists?q=${c.tag}`];
    for (const url of urls) await read(url);

    const put = await t.call('PUT', `/api/artists/${c.artist}`, { name: `بلوچ ${c.tag}` });
    expect(put.statusCode, put.body).toBe(200);

    for (const url of songReads(c))
      expect((await songIn(url, c.song)).song?.artistName).toBe(`بلوچ ${c.tag}`);
    const [album] = (await read(`/api/albums?q=${c.tag}`)).body as Array<{ primaryArtistName: string }>;
    expect(album?.primaryArtistName).toBe(`بلوچ ${c.tag}`);
    const [artist] = (await read(`/api/artists?q=${c.tag}`)).body as Array<{ name: string }>;
    expect(artist?.name).toBe(`بلوچ ${c.tag}`);
  });

  it('deleting a genre empties the genre of its songs (a cascade the write itself does not name)', async () => {
    const c = await catalogue();
    const created = await t.call('POST', '/api/genres', { name: `Laadi ${c.tag}` });
    expect(created.statusCode, created.body).toBe(201);
    const genreId = (created.json() as { id: number }).id;
    await t.database.db.updateTable('songs').set({ genreId }).where('id', '=', c.song).execute();
    for (const url of songReads(c)) expect((await songIn(url, c.song)).song?.genreId).toBe(genreId);
    const genres = await read(`/api/genres?q=${c.tag}`);
    expect(genres.body).toMatchObject([{ id: genreId, songCount: 1 }]);

    expect((await t.call('DELETE', `/api/genres/${genreId}`)).statusCode).toBe(204);

    for (const url of songReads(c)) expect((await songIn(url, c.song)).song?.genreId).toBeNull();
    expect((await read(`/api/genres?q=${c.tag}`)).body).toEqual([]);
  });

  it('a deleted song leaves every list and its total; a new one joins them', async () => {
    const c = await catalogue();
    const second = await c.fx.song(c.album, `Duaa ${c.tag}`);
    const lists = songReads(c).filter((u) => !u.startsWith(`/api/songs/${c.song}`));
    const totals = new Map<string, number>();
    for (const url of lists) totals.set(url, (await songIn(url, c.song)).total);

    expect((await t.call('DELETE', `/api/songs/${c.song}`)).statusCode).toBe(204);

    for (const url of lists) {
      const { song, total } = await songIn(url, c.song);
      expect(song, url).toBeUndefined();
      expect(total, url).toBe((totals.get(url) ?? 0) - 1);
    }
    expect((await t.call('GET', `/api/songs/${c.song}`)).statusCode).toBe(404);

    const third = await c.fx.song(c.album, `Sohbat ${c.tag}`);
    for (const url of lists) {
      const { song, total } = await songIn(url, third);
      expect(song?.title, url).toBe(`Sohbat ${c.tag}`);
      expect(total, url).toBe(totals.get(url));
    }
    expect((await songIn(`/api/songs?q=${c.tag}`, second)).song?.title).toBe(`Duaa ${c.tag}`);
  });

  it('a counter written outside every repo (streams) is seen by the song reads', async () => {
    const c = await catalogue();
    for (const url of songReads(c)) expect((await songIn(url, c.song)).song?.totalStreams).toBe(0);
    await t.database.db
      .updateTable('songs')
      .set((eb) => ({ totalStreams: eb('totalStreams', '+', 7), updatedAt: nowIso() }))
      .where('id', '=', c.song)
      .execute();
    for (const url of songReads(c)) expect((await songIn(url, c.song)).song?.totalStreams).toBe(7);
  });

  it('a write rolled back changes nothing and a write inside a transaction is seen once it commits', async () => {
    const c = await catalogue();
    const url = `/api/songs/${c.song}`;
    const { etag } = await read(url);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('songs').set({ title: 'never' }).where('id', '=', c.song).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await songIn(url, c.song)).song?.title).toBe(`Zeba ${c.tag}`);
    await t.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('songs')
        .set({ title: `Nokh ${c.tag}` })
        .where('id', '=', c.song)
        .execute();
      // Not committed yet: the cached answer is still the committed truth. (SQLite has one connection,
      // which the open transaction holds.)
      if (dialect === 'postgres') {
        const during = await t.app.inject({ url, headers: { cookie: t.cookie, 'if-none-match': etag } });
        expect(during.statusCode).toBe(304);
      }
    });
    const after = await read(url);
    expect(after.etag).not.toBe(etag);
    expect((after.body as SongRow).title).toBe(`Nokh ${c.tag}`);
  });
});
