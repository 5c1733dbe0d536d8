import type { Kysely } from 'kysely';
import type { AuthTokens } from '../../../contract/accounts';
import { nowIso } from '../../clock';
import { bool } from '../../db/mappers';
import type { DB } from '../../db/schema';
import { hashToken, newToken } from '../../security/tokens';
import { invalidToken, suspended } from './bearer';
import { tokensRepo } from './tokens-repo';

/** An access token lives an hour; its refresh token two months, and each refresh replaces both. */
export const ACCESS_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TTL_MS = 60 * 24 * 60 * 60 * 1000;

const later = (now: number, ms: number) => new Date(now + ms).toISOString();

/** The signed-in devices of app users: issuing, refreshing, listing and revoking their tokens. */
export function deviceTokens(db: Kysely<DB>) {
  const tokens = tokensRepo(db);
  const secrets = (now: number) => {
    const access = newToken();
    const refresh = newToken();
    const expiresAt = later(now, ACCESS_TTL_MS);
    const refreshExpiresAt = later(now, REFRESH_TTL_MS);
    const tokensOut: AuthTokens = {
      tokenType: 'Bearer',
      accessToken: access.token,
      refreshToken: refresh.token,
      expiresAt,
      refreshExpiresAt,
    };
    const row = {
      tokenHash: access.hash,
      refreshHash: refresh.hash,
      now: new Date(now).toISOString(),
      expiresAt,
      refreshExpiresAt,
    };
    return { tokensOut, row };
  };

  return {
    async issue(userId: number, userAgent: string | null): Promise<AuthTokens> {
      const { tokensOut, row } = secrets(Date.now());
      await tokens.purgeDead(userId, row.now);
      await tokens.create({ ...row, userId, userAgent });
      return tokensOut;
    },

    /** New access and refresh tokens for the device of `refreshToken`; the old pair stops working. */
    async refresh(refreshToken: string): Promise<AuthTokens> {
      const oldHash = hashToken(refreshToken);
      const found = await tokens.findByRefreshHash(oldHash);
      if (!found) throw invalidToken();
      if (!bool(found.isActive)) throw suspended();
      const now = Date.now();
      if (found.revokedAt || Date.parse(found.refreshExpiresAt) <= now) throw invalidToken();
      const { tokensOut, row } = secrets(now);
      if (!(await tokens.rotate(found.id, oldHash, row))) throw invalidToken();
      return tokensOut;
    },

    list: (userId: number) => tokens.listActive(userId, nowIso()),
    revoke: (userId: number, id: number) => tokens.revoke(userId, id, nowIso()),
  };
}
export type DeviceTokens = ReturnType<typeof deviceTokens>;
