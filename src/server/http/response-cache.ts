import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ChangeMark, type TableChanges, touches } from '../db/table-changes';

/** Declared in a route's `config.cache`: the route's 200 answers are cached until a write touches `reads`. */
export interface CachedRead {
  /**
   * SQL names of every table whose rows the answer shows, joins, counts or filters by. A commit that
   * writes any of them (or cascades into one) drops the entry, in this process and, on PostgreSQL, the
   * others (db/pg-changes.ts).
   */
  reads: readonly string[];
  /** A shorter life for answers that also show tables left out of `reads` (e.g. live counters). */
  maxAgeMs?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Serve this read from the response cache (http/response-cache.ts). */
    cache?: CachedRead;
  }
}

/** Who a cached answer was made for: admins see everything, the app only what it may show. */
export type Audience = 'admin' | 'app';

interface Entry {
  body: Buffer;
  etag: string;
  headers: Array<[string, string]>;
  reads: readonly string[];
  expires: number;
}

export interface ResponseCacheOptions {
  /** Milliseconds clock; tests inject their own. */
  now?: () => number;
  /** Backstop life of an entry whose invalidation could be lost (a process dying mid-notification). */
  maxAgeMs?: number;
  /** Least recently used entries go beyond this many body bytes. */
  maxBytes?: number;
}

/** Headers a handler sets that belong to the cached answer (everything else is per request). */
const CACHED_HEADERS = ['content-type', 'x-total-count', 'x-total-count-exact'];

/**
 * An in-process cache of serialized answers, keyed by route, audience and validated request
 * (params and query, keys sorted), holding the body bytes, their ETag and the headers that go with
 * them. A hit is sent as stored, without running the handler or serializing; `If-None-Match` → 304.
 * Entries are dropped by the committed writes that `database.changes` reports; a read that raced with
 * a write is not stored.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;

  constructor(
    private readonly changes: TableChanges,
    options: ResponseCacheOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    changes.subscribe((tables) => {
      for (const [key, entry] of this.entries) if (touches(tables, entry.reads)) this.drop(key, entry);
    });
  }

  /** Whether the cache may be used right now (false while other processes' writes could be missed). */
  get usable(): boolean {
    return this.changes.trustworthy;
  }

  /** Take before computing an answer; pass to `store`. */
  mark(): ChangeMark {
    return this.changes.mark();
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.drop(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Stores an answer computed since `mark`, unless a write to what it reads committed meanwhile. */
  store(key: string, read: CachedRead, mark: ChangeMark, body: Buffer, headers: Array<[string, string]>) {
    const etag = etagOf(body);
    if (this.changes.changedSince(mark, read.reads)) return etag;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    const expires = this.now() + Math.min(read.maxAgeMs ?? this.maxAgeMs, this.maxAgeMs);
    this.entries.set(key, { body, etag, headers, reads: read.reads, expires });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
    return etag;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, entry: Entry) {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

export const etagOf = (body: Buffer): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

const audienceOf = (request: FastifyRequest): Audience => (request.admin ? 'admin' : 'app');

/** The key of a request: route, audience and the validated params and query, keys sorted. */
export function cacheKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url} ${audienceOf(request)} ${stable(request.params)} ${stable(request.query)}`;
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

interface Miss {
  key: string;
  mark: ChangeMark;
  read: CachedRead;
}

const misses = new WeakMap<FastifyRequest, Miss>();

/**
 * Serves every route whose config has `cache` through `cache`: hits answer in preHandler (after the
 * auth guard and validation), misses are stored from onSend, where the body is already serialized.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('preHandler', async (request, reply) => {
    const read = request.routeOptions.config.cache;
    if (!read || request.method !== 'GET' || !cache.usable) return;
    const key = cacheKey(request);
    const entry = cache.get(key);
    if (!entry) {
      misses.set(request, { key, mark: cache.mark(), read });
      return;
    }
    reply.header('etag', entry.etag);
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    for (const [name, value] of entry.headers) reply.header(name, value);
    return reply.send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = misses.get(request);
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    misses.delete(request);
    const body = Buffer.from(payload);
    const etag = cache.store(miss.key, miss.read, miss.mark, body, cachedHeaders(reply));
    reply.header('etag', etag);
    if (!matchesEtag(request.headers['if-none-match'], etag)) return body;
    reply.code(304);
    return null;
  });
}

function cachedHeaders(reply: FastifyReply): Array<[string, string]> {
  return CACHED_HEADERS.flatMap((name) => {
    const value = reply.getHeader(name);
    return value === undefined ? [] : [[name, String(value)] as [string, string]];
  });
}
