import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../../testing/catalogue-fixtures';
import { testDialects } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { typedClient } from '../../testing/typed-client';

describe.each(testDialects())('song credits in list pages on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  it('credits each song like its album, in credit order, the same in pages as for one song', async () => {
    const fx = catalogueFixtures(t.database.db);
    const [noor, shay, karim] = [await fx.artist('Noor'), await fx.artist('Shay'), await fx.artist('کریم')];
    const duet = await fx.album('دو دل', { collaborators: [shay, noor] });
    const trio = await fx.album('سه', { collaborators: [karim, noor, shay] });
    const solo = await fx.album('Sepad', { primary: karim });
    const empty = await fx.album('Nobody', { collaborators: [] });
    const expected = new Map([
      [await fx.song(duet, 'Duet song'), 'Shay & Noor'],
      [await fx.song(trio, 'Trio song'), 'کریم + 2 others'],
      [await fx.song(solo, 'Solo song'), 'کریم'],
      [await fx.song(empty, 'Lonely song'), 'Various Artists'],
    ]);
    const api = typedClient(t.app, { cookie });
    for (const query of [
      {},
      { q: 'song' },
      { sort: 'oldest' as const, limit: 2, offset: 1 },
      { albumId: trio },
    ]) {
      const { data } = await api.GET('/api/songs', { params: { query } });
      expect(data?.length, JSON.stringify(query)).toBeGreaterThan(0);
      for (const song of data ?? []) {
        expect(song.artistName, `${song.title} ${JSON.stringify(query)}`).toBe(expected.get(song.id));
        const one = await api.GET('/api/songs/{id}', { params: { path: { id: song.id } } });
        expect(one.data?.artistName).toBe(song.artistName);
      }
    }
  });
});
