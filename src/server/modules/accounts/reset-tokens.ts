import type { Kysely } from 'kysely';
import { ErrorCode } from '../../../contract/errors';
import { recordEntry } from '../../audit/record';
import { nowIso } from '../../clock';
import { bool } from '../../db/mappers';
import type { DB } from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../http/errors';
import { hashPassword } from '../../security/passwords';
import { hashToken, newToken } from '../../security/tokens';
import { suspended } from './bearer';
import { revokeAllTokens } from './tokens-repo';

export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** One-time password reset tokens: issued by an admin (screen or CLI), used once by the user. */
export function passwordResets(db: Kysely<DB>) {
  return {
    /** A new token for the user; earlier unused ones stop working. */
    async issue(userId: number): Promise<{ token: string; expiresAt: string }> {
      const user = await db
        .selectFrom('appUsers')
        .select(['id', 'username'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) throw notFound('User');
      const { token, hash } = newToken();
      const now = Date.now();
      const expiresAt = new Date(now + RESET_TOKEN_TTL_MS).toISOString();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('passwordResetTokens').where('userId', '=', userId).execute();
        await trx
          .insertInto('passwordResetTokens')
          .values({ userId, tokenHash: hash, createdAt: new Date(now).toISOString(), expiresAt })
          .execute();
        // Who handed out a reset, never the token.
        await recordEntry(trx, {
          resource: 'users',
          recordId: userId,
          recordLabel: user.username,
          action: 'password-reset',
          changes: [],
        });
      });
      return { token, expiresAt };
    },

    /**
     * Sets the new password and signs the user out everywhere, in one transaction. The token is marked
     * used by the same conditional update that checks it, so two racing uses cannot both succeed.
     */
    async reset(token: string, password: string): Promise<void> {
      const hash = hashToken(token);
      const found = await db
        .selectFrom('passwordResetTokens as r')
        .innerJoin('appUsers as u', 'u.id', 'r.userId')
        .select(['r.id', 'r.userId', 'r.expiresAt', 'r.usedAt', 'u.isActive'])
        .where('r.tokenHash', '=', hash)
        .executeTakeFirst();
      if (!found) throw validationFailed([{ field: 'token', message: 'Invalid reset token' }]);
      const gone = () =>
        new HttpError(410, ErrorCode.resetTokenGone, 'This reset token was used or has expired');
      const now = nowIso();
      if (found.usedAt || found.expiresAt <= now) throw gone();
      if (!bool(found.isActive)) throw suspended();
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('passwordResetTokens')
          .set({ usedAt: now })
          .where('id', '=', found.id)
          .where('usedAt', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) === 0) throw gone();
        await trx
          .updateTable('appUsers')
          .set({ passwordHash, updatedAt: now })
          .where('id', '=', found.userId)
          .execute();
        await revokeAllTokens(trx, found.userId, now);
      });
    },
  };
}
