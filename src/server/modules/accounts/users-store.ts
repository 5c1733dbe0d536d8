import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SignupMethod } from '../../../contract/users';
import { nowIso } from '../../clock';
import type { DB } from '../../db/schema';
import { conflict } from '../../http/errors';
import { appUserSearchText } from '../search-text';

export interface NewAppUser {
  email: string;
  username: string | undefined;
  firstName: string | null;
  lastName: string | null;
  signupMethod: SignupMethod;
  passwordHash: string | null;
}

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** A username from the email's local part: allowed characters only, 3-24 long. */
function usernameFrom(email: string): string {
  const base = (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, 24);
  return base.length >= 3 ? base : `${base}user`.slice(0, 24);
}

/** The app_users rows that accounts (registration, sign-in, social, reset) read and write. */
export function accountUsers(db: Kysely<DB>) {
  const taken = async (column: 'email' | 'username', value: string) =>
    (await db.selectFrom('appUsers').select('id').where(column, '=', value).executeTakeFirst()) !== undefined;

  return {
    /** Emails are stored lower-cased by registration and social sign-in, so equality is enough. */
    findByEmail: (email: string) =>
      db
        .selectFrom('appUsers')
        .select(['id', 'passwordHash', 'isActive'])
        .where('email', '=', email)
        .executeTakeFirst(),

    findByIdentity: (provider: string, subject: string) =>
      db
        .selectFrom('appUserIdentities as i')
        .innerJoin('appUsers as u', 'u.id', 'i.userId')
        .select(['u.id', 'u.isActive'])
        .where('i.provider', '=', provider)
        .where('i.subject', '=', subject)
        .executeTakeFirst(),

    /** Creates the user (and, for social sign-up, links the identity) in one transaction; 409 on a taken email or username. */
    async create(user: NewAppUser, identity?: { provider: string; subject: string }): Promise<number> {
      if (await taken('email', user.email)) throw conflict('An account with this email already exists');
      let username = user.username;
      if (username === undefined) {
        const base = usernameFrom(user.email);
        username = (await taken('username', base)) ? `${base}_${randomBytes(3).toString('hex')}` : base;
      } else if (await taken('username', username)) {
        throw conflict('This username is taken');
      }
      const now = nowIso();
      const row = {
        email: user.email,
        username,
        firstName: user.firstName,
        lastName: user.lastName,
        signupMethod: user.signupMethod,
        passwordHash: user.passwordHash,
        isPremium: false,
        isActive: true,
      };
      try {
        const id = await db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('appUsers')
            .values({ ...row, searchText: appUserSearchText(row), createdAt: now, updatedAt: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (identity) {
            await trx
              .insertInto('appUserIdentities')
              .values({ ...identity, userId: created.id, createdAt: now })
              .execute();
          }
          return created.id;
        });
        return id;
      } catch (err) {
        // Two registrations racing for one email or username.
        if (isUniqueViolation(err)) throw conflict('An account with this email or username already exists');
        throw err;
      }
    },

    async linkIdentity(userId: number, provider: string, subject: string) {
      await db
        .insertInto('appUserIdentities')
        .values({ provider, subject, userId, createdAt: nowIso() })
        .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
        .execute();
    },
  };
}
