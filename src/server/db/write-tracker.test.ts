import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../clock';
import { catalogueFixtures } from '../testing/catalogue-fixtures';
import { createTestDatabase, type TestDatabase, testDialects } from '../testing/databases';

describe.each(testDialects())('write tracker on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    // Counter changes delivered at once: this file checks what the tracker reports, not when.
    t = await createTestDatabase(dialect, { counters: { refreshMs: 0 } });
  });
  afterAll(async () => t.cleanup());

  /** The table sets the database reports while `work` runs. */
  async function reported(work: () => Promise<unknown>): Promise<string[][]> {
    const seen: string[][] = [];
    const off = t.database.changes.subscribe((tables) => seen.push([...tables].sort()));
    try {
      await work();
    } finally {
      off();
    }
    return seen;
  }

  it('reports a statement outside a transaction once it ran, reads not at all', async () => {
    const fx = catalogueFixtures(t.database.db);
    expect(await reported(() => fx.artist('Karim'))).toEqual([['artist_follows', 'artists']]);
    expect(await reported(() => t.database.db.selectFrom('artists').selectAll().execute())).toEqual([]);
    expect(await reported(() => sql`select 1`.execute(t.database.db))).toEqual([]);
  });

  it('reports a transaction once, at commit, with every table it wrote; a rollback reports nothing', async () => {
    const fx = catalogueFixtures(t.database.db);
    const artist = await fx.artist('Shay');
    const commit = await reported(() =>
      t.database.db.transaction().execute(async (trx) => {
        const album = await catalogueFixtures(trx).album('Watan', { collaborators: [artist] });
        const seenInside = await reported(async () => {});
        expect(seenInside).toEqual([]);
        return album;
      }),
    );
    expect(commit).toHaveLength(1);
    expect(commit[0]).toEqual(expect.arrayContaining(['albums', 'album_artists']));

    const rollback = await reported(() =>
      t.database.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('artists').set({ name: 'never', updatedAt: nowIso() }).execute();
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    );
    expect(rollback).toEqual([]);
  });

  it('follows deletes into the tables they cascade to, read from the foreign keys', async () => {
    const seen = await reported(() => t.database.db.deleteFrom('songs').where('id', '=', -1).execute());
    expect(seen[0]).toEqual(
      expect.arrayContaining(['songs', 'song_likes', 'playlist_songs', 'stream_events', 'download_events']),
    );
    const users = await reported(() => t.database.db.deleteFrom('appUsers').where('id', '=', -1).execute());
    // app_users → playlists → playlist_songs, transitively.
    expect(users[0]).toEqual(expect.arrayContaining(['app_users', 'playlists', 'playlist_songs']));
    expect(users[0]).not.toContain('songs');
  });

  it('reads the tables of raw SQL writes, and treats what it cannot read as a change to everything', async () => {
    expect(
      await reported(() => sql`update songs set title = title where id = -1`.execute(t.database.db)),
    ).toEqual([expect.arrayContaining(['songs', 'song_likes'])]);
    const all = await reported(() => sql`create table scratch_table (x integer)`.execute(t.database.db));
    expect(all).toEqual([['*']]);
  });

  it("reports an update of counter columns only under the table's counters name (db/counters.ts)", async () => {
    const db = t.database.db;
    const counters = await reported(async () => {
      await db
        .updateTable('songs')
        .set((eb) => ({ totalStreams: eb('totalStreams', '+', 1), likesCount: eb('likesCount', '+', 1) }))
        .where('id', '=', -1)
        .execute();
      await db
        .updateTable('banners')
        .set((eb) => ({ impressionCount: eb('impressionCount', '+', 1) }))
        .where('id', '=', -1)
        .execute();
    });
    expect(counters).toEqual([['songs.counters'], ['banners.counters']]);
    const mixed = await reported(() =>
      db
        .updateTable('songs')
        .set((eb) => ({ totalStreams: eb('totalStreams', '+', 1), updatedAt: nowIso() }))
        .where('id', '=', -1)
        .execute(),
    );
    expect(mixed[0]).toContain('songs');
    expect(mixed[0]).not.toContain('songs.counters');
  });
});
