import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbackRepo } from '../../mobile/playback-repo';
import { listener, songWithAudio } from '../../mobile/testing';
import { testDialects } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { streamClaimsMigration } from './010-stream-claims';

describe.each(testDialects())('stream claims at upgrade (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('carries the windows still open in the stream events over, and no others', async () => {
    const db = t.database.db;
    const [recent, old] = [await listener(db), await listener(db)];
    const id = await songWithAudio(t, Buffer.from('audio'));
    const now = Date.now();
    const at = (agoMs: number) => new Date(now - agoMs).toISOString();
    await db
      .insertInto('streamEvents')
      .values([
        { songId: id, userId: recent.id, createdAt: at(60_000) },
        { songId: id, userId: recent.id, createdAt: at(5_000) },
        { songId: id, userId: old.id, createdAt: at(45_000) },
        { songId: id, userId: null, createdAt: at(1_000) },
      ])
      .execute();
    await db.schema.dropTable('stream_claims').execute();

    await streamClaimsMigration(dialect).up(db as unknown as Kysely<unknown>);

    const claims = await db.selectFrom('streamClaims').selectAll().execute();
    expect(claims).toEqual([{ userId: recent.id, songId: id, countedAt: Date.parse(at(5_000)) }]);
    const playback = playbackRepo(db, dialect, () => new Date());
    expect(
      await playback.recordStream(id, recent.id, { deviceType: null, platform: null, location: null }),
    ).toBe(false);
    expect(
      await playback.recordStream(id, old.id, { deviceType: null, platform: null, location: null }),
    ).toBe(true);
  });
});
