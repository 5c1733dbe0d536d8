import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ensureFirstAdmin } from '../admins/bootstrap';
import { type AppDeps, buildApp } from '../app';
import type { Dialect, OpenOptions } from '../db/database';
import { SESSION_COOKIE } from '../http/auth-guard';
import { createTestDatabase, type TestDatabase } from './databases';
import { checkAnswersAgainstDocument } from './documented-answers';

/** The SECRET_KEY of test apps (signed URLs made in a test must use it). */
export const TEST_SECRET_KEY = 'test-secret-key-0123456789abcdef0123456789abcdef';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery' } as const;

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  /** Signs in as the test admin and returns the session cookie header value. */
  signIn(): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: Dialect,
  {
    config,
    counters,
    ...deps
  }: Pick<AppDeps, 'clock' | 'logger' | 'socialJwks' | 'appUserRateLimits'> & {
    config?: Partial<AppDeps['config']>;
    /** When counter changes reach the caches (db/counters.ts); tests of that inject a clock. */
    counters?: OpenOptions['counters'];
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect, counters ? { counters } : {});
  await ensureFirstAdmin(testDb.database.db, TEST_ADMIN);
  const app = await buildApp({
    ...deps,
    database: testDb.database,
    config: {
      cookieSecure: false,
      publicUrl: undefined,
      secretKey: TEST_SECRET_KEY,
      dataDir: testDb.dataDir,
      ...config,
    },
  });
  checkAnswersAgainstDocument(app);
  await app.ready();
  return {
    ...testDb,
    app,
    signIn: async () =>
      sessionCookie(await app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN })),
    close: async () => {
      await app.close();
      await testDb.cleanup();
    },
  };
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}
