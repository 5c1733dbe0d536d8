import type { Kysely } from 'kysely';
import { ErrorCode } from '../../../contract/errors';
import { nowIso } from '../../clock';
import { bool } from '../../db/mappers';
import type { DB } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { hashToken } from '../../security/tokens';
import { tokensRepo } from './tokens-repo';

export interface SignedInAppUser {
  id: number;
  isPremium: boolean;
  /** The device (token row) the request came with. */
  tokenId: number;
}

/** lastUsedAt is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export const invalidToken = () => new HttpError(401, ErrorCode.unauthenticated, 'Invalid or revoked token');
export const suspended = () =>
  new HttpError(403, ErrorCode.accountSuspended, 'This account is suspended', null);

/** The token in `Authorization: Bearer <token>`, or null when the header is missing or another scheme. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer[ ]+([A-Za-z0-9_-]{16,128})[ ]*$/i);
  return match?.[1] ?? null;
}

/**
 * The app user behind an access token. A suspended user is told so (403) even though suspension also
 * revoked their tokens, so the app can explain instead of asking to sign in again.
 */
export function bearerAuth(db: Kysely<DB>) {
  const tokens = tokensRepo(db);
  return {
    async resolve(token: string): Promise<SignedInAppUser> {
      const row = await tokens.findByAccessHash(hashToken(token));
      if (!row) throw invalidToken();
      if (!bool(row.isActive)) throw suspended();
      if (row.revokedAt) throw invalidToken();
      const now = Date.now();
      if (Date.parse(row.expiresAt) <= now) {
        throw new HttpError(401, ErrorCode.tokenExpired, 'Token expired; refresh it', null);
      }
      if (now - Date.parse(row.lastUsedAt) > TOUCH_EVERY_MS) await tokens.touch(row.id, nowIso());
      return { id: row.userId, isPremium: bool(row.isPremium), tokenId: row.id };
    },
  };
}
export type BearerAuth = ReturnType<typeof bearerAuth>;
