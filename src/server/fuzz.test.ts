import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessLevels } from './http/auth-guard';
import { seedDemo } from './seed/seed-demo';
import { appUserWithToken } from './testing/app-users';
import { testDialects } from './testing/databases';
import {
  BEYOND_INT4,
  bodyFor,
  type FuzzBody,
  HUGE_IDS,
  type JsonSchema,
  LOOSE_IDS,
  multipartBodyFor,
  NUL_TEXT,
  pathId,
  queryFor,
  type Sample,
  sampleBody,
  TAG_TEXT,
  unsafeStoredValue,
} from './testing/fuzz-arbitraries';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Property-based test of every operation of docs/openapi.json (reads, JSON writes, multipart uploads):
 * random, malformed and hostile bodies, query strings and path ids, sent with the credential the route
 * asks for, must never produce a 5xx, and every 4xx must be the error envelope {error, code, details}.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const DOCUMENT = path.resolve(import.meta.dirname, '../../docs/openapi.json');
/**
 * Calls that would end the credential the other requests carry (signing the admin or the app user out,
 * revoking the app user's devices) are sent without one: they still parse and refuse their input.
 */
const WITHOUT_CREDENTIAL = [
  /^POST \/api\/auth\/logout$/,
  /^POST \/api\/account\/logout$/,
  /^DELETE \/api\/account\/tokens\/:id$/,
];

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

interface FuzzRoute {
  /** Admin routes get the session, app-user routes a bearer token, public ones nothing (signing in ends the session the request carries). */
  credential: 'session' | 'bearer' | 'none';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  body?: JsonSchema;
  /** Field names of a multipart body (uploads get multipart junk instead of JSON). */
  multipart?: string[];
  query: Record<string, JsonSchema>;
}

/** Every operation of docs/openapi.json, with its access level from the registered route. */
async function fuzzRoutes(): Promise<FuzzRoute[]> {
  const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as OpenApi;
  const t = await createTestApp('sqlite');
  const access = new Map(t.app.registeredRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
  await t.close();
  const routes: FuzzRoute[] = [];
  for (const [documented, operations] of Object.entries(doc.paths)) {
    const url = documented.replace(/\{(\w+)\}/g, ':$1');
    for (const [verb, op] of Object.entries(operations)) {
      if (!METHODS.includes(verb)) continue;
      const method = verb.toUpperCase() as FuzzRoute['method'];
      const levels = accessLevels(access.get(`${method} ${url}`) ?? 'public');
      if (!access.has(`${method} ${url}`)) throw new Error(`documented but not registered: ${method} ${url}`);
      // A write route whose body the document leaves open borrows the schema of its resource's POST.
      const ownBody = op.requestBody?.content?.['application/json']?.schema;
      const form = op.requestBody?.content?.['multipart/form-data']?.schema;
      const collection = documented.replace(/\/\{\w+\}$/, '');
      const postBody = doc.paths[collection]?.post?.requestBody?.content?.['application/json']?.schema;
      const query = Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
      );
      const body = form ? undefined : ownBody?.properties ? ownBody : (postBody ?? ownBody);
      const ending = WITHOUT_CREDENTIAL.some((re) => re.test(`${method} ${url}`));
      routes.push({
        method,
        url,
        credential: ending
          ? 'none'
          : levels.includes('admin')
            ? 'session'
            : levels.includes('appUser')
              ? 'bearer'
              : 'none',
        ...(body ? { body } : {}),
        ...(form ? { multipart: Object.keys(form.properties ?? {}) } : {}),
        query,
      });
    }
  }
  return routes;
}

const routes = await fuzzRoutes();

function describeRequest(method: string, url: string, body: FuzzBody | null): string {
  const payload = body === null ? '' : body.kind === 'raw' ? body.text : (JSON.stringify(body.value) ?? '');
  const shown = payload.length > 400 ? `${payload.slice(0, 400)}… (${payload.length} chars)` : payload;
  return `${method} ${url}${body ? ` [${body.kind === 'raw' ? body.contentType : 'application/json'}] ${shown}` : ''}`;
}

/**
 * Whether an accepted body held catalogue text that opens a tag or an unsafe URL. App settings are
 * configuration values (ad unit ids, keys), not catalogue text, and are stored as given.
 */
function storesUnsafe(route: FuzzRoute, value: unknown): boolean {
  if (route.method === 'DELETE' || !route.body?.properties || route.url.startsWith('/api/settings'))
    return false;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).some(([name, v]) =>
    Array.isArray(v) ? v.some((item) => unsafeStoredValue(name, item)) : unsafeStoredValue(name, v),
  );
}

function assertSane(request: string, res: LightMyRequestResponse) {
  const answer = `${request}\n  → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) throw new Error(`server error: ${answer}`);
  if (res.statusCode < 400) return;
  let envelope: unknown;
  try {
    envelope = res.json();
  } catch {
    throw new Error(`4xx without a JSON body: ${answer}`);
  }
  const e = envelope as Record<string, unknown> | null;
  if (!e || typeof e.error !== 'string' || typeof e.code !== 'string' || !('details' in e))
    throw new Error(`4xx that is not the {error, code, details} envelope: ${answer}`);
}

/**
 * Always tried, whatever the random seed: a NUL character in the search and in every free-text field
 * (PostgreSQL refuses it in text), and ids beyond PostgreSQL's integer range in filters, paths and
 * body references.
 */
function readExamples(route: FuzzRoute): [string, string][] {
  const examples: [string, string][] = 'q' in route.query ? [['1', 'q=%00']] : [];
  for (const name of Object.keys(route.query))
    if (/Id$/.test(name)) examples.push(['1', `${name}=${BEYOND_INT4}`]);
  if (route.url.includes(':')) examples.push([String(BEYOND_INT4), '']);
  return examples;
}

function writeExamples(route: FuzzRoute): [string, FuzzBody | null][] {
  const json = (sample: Sample): FuzzBody | null =>
    route.method !== 'DELETE' && route.body?.properties
      ? { kind: 'json', value: sampleBody(route.body, sample) }
      : null;
  const examples: [string, FuzzBody | null][] = [];
  if (route.method !== 'DELETE' && route.body?.properties)
    examples.push(['1', json(NUL_TEXT)], ['1', json(HUGE_IDS)], ['1', json(TAG_TEXT)]);
  if (route.url.includes(':')) examples.push([String(BEYOND_INT4), json({ text: 'valid text', id: 1 })]);
  return examples;
}

const UNLIMITED = { perToken: 1_000_000, perAddress: 1_000_000, windowMs: 60_000 };

describe.each(testDialects())('every read and write route survives random input (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let bearer: string;

  beforeAll(async () => {
    // Thousands of calls with one token: the app-user limit would turn the rest into 429s (it has its
    // own test in mobile/rate-limit.test.ts), so it is raised out of the way here.
    t = await createTestApp(dialect, { appUserRateLimits: UNLIMITED });
    await seedDemo(t.database, { songs: 120 });
    cookie = await t.signIn();
    // Out of the ids the fuzz picks (existingId), so no random DELETE or PUT /api/users/:id reaches it.
    const id = 1_000_000;
    bearer = (await appUserWithToken(t.database.db, { username: 'fuzz_listener', id })).authorization;
  });
  /** Status codes per route; FUZZ_STATS=1 prints them, to see how far past validation the input got. */
  const statuses = new Map<string, Record<number, number>>();
  afterAll(async () => {
    if (process.env.FUZZ_STATS) for (const [route, counts] of statuses) console.log(dialect, route, counts);
    await t?.close();
  });
  // A lost session would turn every answer into a 401 and the test into a formality.
  afterEach(async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    if (me.statusCode !== 200)
      throw new Error(`the admin session was lost (GET /api/auth/me → ${me.statusCode})`);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: { authorization: bearer },
    });
    if (account.statusCode !== 200)
      throw new Error(`the app user's token was lost (GET /api/account/me → ${account.statusCode})`);
  });

  const send = async (route: FuzzRoute, url: string, body: FuzzBody | null, id: string) => {
    const { method } = route;
    const headers: Record<string, string> =
      route.credential === 'session'
        ? { cookie }
        : route.credential === 'bearer'
          ? { authorization: bearer }
          : {};
    let payload: string | undefined;
    if (body?.kind === 'json') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.value) ?? 'null';
    } else if (body?.kind === 'raw') {
      headers['content-type'] = body.contentType;
      payload = body.text;
    }
    const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    const key = `${method} ${route.url}`;
    const counts = statuses.get(key) ?? {};
    counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    statuses.set(key, counts);
    const request = describeRequest(method, url, body);
    assertSane(request, res);
    // Refused before the route runs (400, or an earlier 401/413/415), never read as a number: no 2xx, 404 or 409.
    if (route.url.includes(':') && LOOSE_IDS.includes(id) && [404, 409].includes(res.statusCode))
      throw new Error(`a loose id was read as a number: ${request}\n  → ${res.statusCode}`);
    if (res.statusCode < 300 && route.url.includes(':') && LOOSE_IDS.includes(id))
      throw new Error(`a loose id was accepted: ${request}\n  → ${res.statusCode}`);
    if (res.statusCode < 300 && body?.kind === 'json' && storesUnsafe(route, body.value))
      throw new Error(`unsafe text or URL accepted: ${request}\n  → ${res.statusCode}`);
  };

  const reads = routes.filter((r) => r.method === 'GET');
  const writes = routes.filter((r) => r.method !== 'GET');

  it('fuzzes every operation of docs/openapi.json', () => {
    const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as OpenApi;
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const fuzzed = [...reads, ...writes].map((r) => `${r.method} ${r.url}`);
    expect(fuzzed.sort()).toEqual(documented.sort());
    expect(documented.length).toBeGreaterThan(50);
    expect(writes.filter((r) => r.multipart).length).toBeGreaterThanOrEqual(5);
  });

  // Lists with random query strings; reads of one row (GET …/:id) get random ids too.
  it.each(reads.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s with random query strings',
    async (_, route) => {
      await fc.assert(
        fc.asyncProperty(pathId, queryFor(route.query), async (id, query) => {
          const path = route.url.replace(/:\w+/g, id);
          await send(route, query ? `${path}?${query}` : path, null, id);
        }),
        { numRuns: RUNS, interruptAfterTimeLimit: 20_000, examples: readExamples(route) },
      );
    },
  );

  it.each(writes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s with random bodies',
    async (_, route) => {
      const body = route.multipart
        ? multipartBodyFor(route.multipart)
        : route.method !== 'DELETE'
          ? bodyFor(route.body)
          : fc.option(bodyFor(undefined), { freq: 4, nil: null });
      await fc.assert(
        fc.asyncProperty(pathId, body, async (id, b) => {
          await send(route, route.url.replace(/:\w+/g, id), b, id);
        }),
        {
          numRuns: RUNS,
          interruptAfterTimeLimit: 20_000,
          examples: writeExamples(route),
        },
      );
    },
  );
});
