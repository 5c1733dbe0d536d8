import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import { isoMinus, nowIso } from '../../clock';
import type { DB } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../security/passwords';
import { hashToken, newToken } from '../../security/tokens';
import { adminsRepo, normaliseUsername } from './admins-repo';
import { LOGIN_WINDOW_MS, loginThrottle } from './login-throttle';
import { sessionsRepo } from './sessions-repo';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SignedInAdmin extends CurrentUser {
  id: number;
  sessionId: number;
}

export function authService(db: Kysely<DB>) {
  const admins = adminsRepo(db);
  const sessions = sessionsRepo(db);
  const throttle = loginThrottle(db);

  return {
    /** Checks credentials and opens a new session; the caller sets the cookie from `token`. */
    async login(input: { username: string; password: string; ip: string; userAgent: string | null }) {
      const username = normaliseUsername(input.username);
      if (await throttle.isBlocked(username, input.ip)) {
        throw new HttpError(
          429,
          ErrorCode.rateLimited,
          'Too many failed sign-in attempts. Try again later.',
          {
            retryAfterSeconds: LOGIN_WINDOW_MS / 1000,
          },
        );
      }
      const admin = await admins.findByUsername(username);
      const ok = await verifyPassword(input.password, admin?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!admin || !ok) {
        await throttle.recordFailure(username, input.ip);
        throw new HttpError(401, ErrorCode.invalidCredentials, 'Invalid credentials');
      }
      await throttle.clearUser(username);
      const { token, hash } = newToken();
      const now = nowIso();
      await sessions.deleteStale(isoMinus(SESSION_IDLE_MS), isoMinus(SESSION_MAX_AGE_MS));
      await sessions.create({
        tokenHash: hash,
        adminId: admin.id,
        now,
        userAgent: input.userAgent,
        ip: input.ip,
      });
      return { token, user: { username: admin.username, email: admin.email } satisfies CurrentUser };
    },

    /** The admin behind a session token, or null when the token is unknown, idle too long or too old. */
    async resolveSession(token: string): Promise<SignedInAdmin | null> {
      const session = await sessions.findWithAdmin(hashToken(token));
      if (!session) return null;
      const now = Date.now();
      const idle = now - Date.parse(session.lastSeenAt);
      if (idle > SESSION_IDLE_MS || now - Date.parse(session.createdAt) > SESSION_MAX_AGE_MS) {
        await sessions.delete(session.id);
        return null;
      }
      if (idle > TOUCH_EVERY_MS) await sessions.touch(session.id, nowIso());
      return { id: session.adminId, sessionId: session.id, username: session.username, email: session.email };
    },

    async logout(token: string): Promise<void> {
      await sessions.deleteByTokenHash(hashToken(token));
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
