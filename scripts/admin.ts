// Operator CLI: npm run admin -- create <username> [--email <email>] | reset-password <username>
//   | user-reset-token <app user email>  (prints a one-time password reset token for an app user)
// The password is read from standard input when it is piped in; otherwise a random one is generated and printed.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { passwordResets } from '../src/server/modules/accounts/reset-tokens';
import { accountUsers } from '../src/server/modules/accounts/users-store';
import { adminsRepo } from '../src/server/modules/auth/admins-repo';
import { generatePassword, hashPassword } from '../src/server/security/passwords';

const USAGE =
  'Usage: npm run admin -- create <username> [--email <email>] | reset-password <username> | user-reset-token <email>';

async function readPassword(): Promise<{ password: string; generated: boolean }> {
  if (process.stdin.isTTY) return { password: generatePassword(), generated: true };
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const password = text.replace(/\r?\n$/, '');
  if (!password) return { password: generatePassword(), generated: true };
  if (password.length < 8) throw new Error('The password must be at least 8 characters');
  return { password, generated: false };
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' } },
  });
  const [command, username] = positionals;
  if (command === 'user-reset-token' && username) return userResetToken(username);
  if (!username || (command !== 'create' && command !== 'reset-password')) throw new Error(USAGE);
  if (!/^[A-Za-z0-9._-]{3,64}$/.test(username))
    throw new Error('Username must be 3-64 letters, digits, dots, dashes or underscores');

  const database = openDatabase(loadConfig().database);
  try {
    await migrateToLatest(database);
    const admins = adminsRepo(database.db);
    const { password, generated } = await readPassword();
    const passwordHash = await hashPassword(password);
    if (command === 'create') {
      if (await admins.findByUsername(username)) throw new Error(`Admin "${username}" already exists`);
      await admins.create({ username, email: values.email ?? null, passwordHash });
      console.log(`Admin "${username}" created.`);
    } else {
      if (!(await admins.resetPassword(username, passwordHash)))
        throw new Error(`No admin named "${username}"`);
      console.log(`Password of "${username}" reset; their sessions were ended.`);
    }
    if (generated) console.log(`Password: ${password}`);
  } finally {
    await database.close();
  }
}

/** A one-time token the app user enters in the app (POST /api/account/password-reset) to set a new password. */
async function userResetToken(email: string) {
  const database = openDatabase(loadConfig().database);
  try {
    await migrateToLatest(database);
    const user = await accountUsers(database.db).findByEmail(email.trim().toLowerCase());
    if (!user) throw new Error(`No app user with email "${email}"`);
    const { token, expiresAt } = await passwordResets(database.db).issue(user.id);
    console.log(`Reset token (valid until ${expiresAt}, once): ${token}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
