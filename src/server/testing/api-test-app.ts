import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../app';
import type { Dialect } from '../db/database';
import { createTestApp, type TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiTestApp extends Pick<TestApp, 'app' | 'database' | 'dataDir'> {
  /** The test admin's session cookie header value. */
  readonly cookie: string;
  /** A request as the signed-in admin, with a JSON body when `payload` is given. */
  call(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A multipart POST (see multipart() in media/testing/audio-fixtures) as the signed-in admin. */
  postMultipart(
    url: string,
    body: { payload: Buffer; headers: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

/**
 * For a describe block: a fresh app on `dialect`, created and signed in as the test admin before its
 * tests (before the block's own beforeAll hooks) and closed after them. Read its fields inside hooks
 * and tests only.
 */
export function useApiTestApp(dialect: Dialect, deps: Pick<AppDeps, 'clock' | 'logger'> = {}): ApiTestApp {
  let t: TestApp | undefined;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestApp(dialect, deps);
    cookie = await t.signIn();
  });
  afterAll(async () => t?.close());

  const started = (): TestApp => {
    if (!t) throw new Error('useApiTestApp: the app exists only inside hooks and tests');
    return t;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get dataDir() {
      return started().dataDir;
    },
    get cookie() {
      return cookie;
    },
    call: (method, url, payload) =>
      started().app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    postMultipart: (url, body) =>
      started().app.inject({
        method: 'POST',
        url,
        headers: { ...body.headers, cookie },
        payload: body.payload,
      }),
  };
}
