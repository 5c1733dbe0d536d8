import type { CurrentUser } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/errors';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/database';
import { HttpError, tooManyRequests } from '../../http/errors';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../security/passwords';
import { hashToken, newToken } from '../../security/tokens';
import { adminsRepo, normaliseUsername } from './admins-repo';
import type { Device } from './device-cookie';
import { LOGIN_POLICIES, loginThrottle, type ThrottleKey } from './login-throttle';
import { sessionsRepo } from './sessions-repo';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SignedInAdmin extends CurrentUser {
  id: number;
  sessionId: number;
}

/**
 * A browser with a device cookie for this username is counted on its own; anyone else is counted per
 * address, per username at that address, and per username across all addresses.
 */
function throttleKeys(username: string, ip: string, device: Device | null): ThrottleKey[] {
  if (device?.username === username)
    return [{ key: `device:${device.nonce}`, policy: LOGIN_POLICIES.device }];
  return [
    { key: `address:${ip}`, policy: LOGIN_POLICIES.address },
    { key: `user-address:${username}|${ip}`, policy: LOGIN_POLICIES.userAtAddress },
    { key: `user:${username}`, policy: LOGIN_POLICIES.user },
  ];
}

/** Sessions are timed by `clock` (tests pin it): creation, idle and age checks, touches. */
export function authService(database: Pick<Database, 'db' | 'changes'>, clock: Clock = systemClock) {
  const { db } = database;
  const nowMs = () => clock().getTime();
  const nowIso = () => clock().toISOString();
  const isoMinus = (ms: number) => new Date(nowMs() - ms).toISOString();
  const admins = adminsRepo(db);
  const sessions = sessionsRepo(database);
  const throttle = loginThrottle(db);

  return {
    /**
     * Checks credentials and opens a new session; the caller sets the cookie from `token`. The attempt is
     * counted before the password is checked; `device` is the caller's verified device cookie, if any.
     */
    async login(input: {
      username: string;
      password: string;
      ip: string;
      userAgent: string | null;
      device: Device | null;
    }) {
      const username = normaliseUsername(input.username);
      const keys = throttleKeys(username, input.ip, input.device);
      const retryAfterSeconds = await throttle.take(keys);
      if (retryAfterSeconds !== null) throw tooManyRequests(retryAfterSeconds);
      const admin = await admins.findByUsername(username);
      const ok = await verifyPassword(input.password, admin?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!admin || !ok) {
        await throttle.prune();
        throw new HttpError(401, ErrorCode.invalidCredentials, 'Invalid credentials');
      }
      const addressKey = keys.find((k) => k.policy === LOGIN_POLICIES.address)?.key;
      await throttle.succeeded(
        keys.map((k) => k.key).filter((k) => k !== addressKey),
        addressKey ? [addressKey] : [],
      );
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
      const now = nowMs();
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
