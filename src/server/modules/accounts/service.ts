import type { Kysely } from 'kysely';
import type { AuthTokens, RegisterBody, SocialProvider } from '../../../contract/accounts';
import { ErrorCode } from '../../../contract/errors';
import { bool } from '../../db/mappers';
import type { DB } from '../../db/schema';
import { HttpError, validationFailed } from '../../http/errors';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../security/passwords';
import { suspended } from './bearer';
import { deviceTokens } from './devices';
import type { SocialVerifier } from './social';
import { accountUsers } from './users-store';

export interface SignedIn {
  userId: number;
  tokens: AuthTokens;
}

const invalidCredentials = () =>
  new HttpError(401, ErrorCode.invalidCredentials, 'Invalid email or password');

/** Registration, sign-in by password or by Google/Apple ID token; each opens a device (token pair). */
export function accountService(db: Kysely<DB>, social: SocialVerifier) {
  const users = accountUsers(db);
  const devices = deviceTokens(db);

  return {
    async register(body: RegisterBody, userAgent: string | null): Promise<SignedIn> {
      const userId = await users.create({
        email: body.email,
        username: body.username,
        firstName: body.firstName,
        lastName: body.lastName,
        signupMethod: 'email',
        passwordHash: await hashPassword(body.password),
      });
      return { userId, tokens: await devices.issue(userId, userAgent) };
    },

    async login(email: string, password: string, userAgent: string | null): Promise<SignedIn> {
      const user = await users.findByEmail(email);
      // An unknown email, or an account without a password (social sign-up), costs the same hash.
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user?.passwordHash || !ok) throw invalidCredentials();
      if (!bool(user.isActive)) throw suspended();
      return { userId: user.id, tokens: await devices.issue(user.id, userAgent) };
    },

    /**
     * The identity's user; else the user with its verified email (then linked to the identity); else a
     * new user with signupMethod = provider.
     */
    async social(
      provider: SocialProvider,
      input: { idToken: string; firstName: string | null; lastName: string | null },
      userAgent: string | null,
    ): Promise<SignedIn & { created: boolean }> {
      const identity = await social.verify(provider, input.idToken);
      let user = await users.findByIdentity(provider, identity.subject);
      if (!user && identity.email && identity.emailVerified) {
        user = await users.findByEmail(identity.email);
        if (user) await users.linkIdentity(user.id, provider, identity.subject);
      }
      if (user) {
        if (!bool(user.isActive)) throw suspended();
        return { userId: user.id, tokens: await devices.issue(user.id, userAgent), created: false };
      }
      if (!identity.email || !identity.emailVerified) {
        throw validationFailed([{ field: 'idToken', message: 'The ID token carries no verified email' }]);
      }
      const userId = await users.create(
        {
          email: identity.email,
          username: undefined,
          firstName: input.firstName ?? identity.firstName,
          lastName: input.lastName ?? identity.lastName,
          signupMethod: provider,
          passwordHash: null,
        },
        { provider, subject: identity.subject },
      );
      return { userId, tokens: await devices.issue(userId, userAgent), created: true };
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
