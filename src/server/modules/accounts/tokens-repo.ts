import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface NewTokenRow {
  userId: number;
  tokenHash: string;
  refreshHash: string;
  now: string;
  expiresAt: string;
  refreshExpiresAt: string;
  userAgent: string | null;
}

/** app_user_tokens: one row per signed-in device. */
export function tokensRepo(db: Kysely<DB>) {
  const withUser = () =>
    db
      .selectFrom('appUserTokens as t')
      .innerJoin('appUsers as u', 'u.id', 't.userId')
      .select([
        't.id',
        't.userId',
        't.lastUsedAt',
        't.expiresAt',
        't.refreshExpiresAt',
        't.revokedAt',
        'u.isActive',
        'u.isPremium',
      ]);

  return {
    async create(row: NewTokenRow): Promise<number> {
      const { id } = await db
        .insertInto('appUserTokens')
        .values({
          userId: row.userId,
          tokenHash: row.tokenHash,
          refreshHash: row.refreshHash,
          createdAt: row.now,
          lastUsedAt: row.now,
          expiresAt: row.expiresAt,
          refreshExpiresAt: row.refreshExpiresAt,
          userAgent: row.userAgent,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    findByAccessHash: (hash: string) => withUser().where('t.tokenHash', '=', hash).executeTakeFirst(),
    findByRefreshHash: (hash: string) => withUser().where('t.refreshHash', '=', hash).executeTakeFirst(),

    /** Replaces both secrets of a device, so the refresh token just used cannot be used again. */
    async rotate(
      id: number,
      oldRefreshHash: string,
      row: Omit<NewTokenRow, 'userId' | 'userAgent'>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('appUserTokens')
        .set({
          tokenHash: row.tokenHash,
          refreshHash: row.refreshHash,
          lastUsedAt: row.now,
          expiresAt: row.expiresAt,
          refreshExpiresAt: row.refreshExpiresAt,
        })
        .where('id', '=', id)
        .where('refreshHash', '=', oldRefreshHash)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async touch(id: number, now: string) {
      await db.updateTable('appUserTokens').set({ lastUsedAt: now }).where('id', '=', id).execute();
    },
    listActive(userId: number, now: string) {
      return db
        .selectFrom('appUserTokens')
        .select(['id', 'createdAt', 'lastUsedAt', 'expiresAt', 'refreshExpiresAt', 'userAgent'])
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .where('refreshExpiresAt', '>', now)
        .orderBy('lastUsedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    /** Revokes one of the user's own devices; false when it is not theirs or already revoked. */
    async revoke(userId: number, id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('appUserTokens')
        .set({ revokedAt: now })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Drops the user's devices that can no longer be used, so the table does not grow without end. */
    async purgeDead(userId: number, now: string) {
      await db
        .deleteFrom('appUserTokens')
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb('refreshExpiresAt', '<=', now), eb('revokedAt', 'is not', null)]))
        .execute();
    },
  };
}

/** Revokes every device of a user at once (suspension); runs inside the caller's transaction. */
export async function revokeAllTokens(db: Kysely<DB>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('appUserTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}
