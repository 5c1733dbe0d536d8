import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { deviceTokens } from '../modules/accounts/devices';
import { testRows } from './rows';

/** An app user with a signed-in device: the Authorization header value of its access token. */
export async function appUserWithToken(
  db: Kysely<DB>,
  fields: Parameters<ReturnType<typeof testRows>['user']>[0] = {},
): Promise<{ id: number; authorization: string; refreshToken: string }> {
  // A fresh testRows numbers from zero, so the default names are made unique here.
  const tag = randomBytes(6).toString('hex');
  const id = await testRows(db).user({ username: `app_${tag}`, email: `app_${tag}@example.com`, ...fields });
  const tokens = await deviceTokens(db).issue(id, 'vitest');
  return { id, authorization: `Bearer ${tokens.accessToken}`, refreshToken: tokens.refreshToken };
}
