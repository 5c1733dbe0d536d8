import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { adminsRepo } from '../modules/auth/admins-repo';
import { generatePassword, hashPassword } from '../security/passwords';

/**
 * Creates the first admin when none exists: the configured one, or `admin` with a random password
 * that is returned so the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  configured: { username: string | undefined; password: string | undefined },
): Promise<{ username: string; generatedPassword: string | null } | null> {
  const admins = adminsRepo(db);
  if ((await admins.count()) > 0) return null;
  const username = configured.username ?? 'admin';
  const password = configured.password ?? generatePassword();
  await admins.create({ username, email: null, passwordHash: await hashPassword(password) });
  return { username, generatedPassword: configured.password ? null : password };
}
