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
  /** Answers being computed, by key: identical requests meanwhile wait for them instead of computing too. */
  private readonly inflight = new Map<string, Promise<Entry | undefined>>();
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

  /**
   * Stores an answer computed since `mark`, unless a write to what it reads committed meanwhile; answers
   * its ETag and the entry stored (undefined: not stored).
   */
  store(key: string, read: CachedRead, mark: ChangeMark, body: Buffer, headers: Array<[string, string]>) {
    const etag = etagOf(body);
    if (this.changes.changedSince(mark, read.reads)) return { etag, stored: undefined };
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    const expires = this.now() + Math.min(read.maxAgeMs ?? this.maxAgeMs, this.maxAgeMs);
    const stored: Entry = { body, etag, headers, reads: read.reads, expires };
    this.entries.set(key, stored);
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
    return { etag, stored };
  }

  /**
   * The answer being computed for `key` by an earlier request, if any: it resolves to the entry that
   * request stored, or undefined when it stored none (an error, another status, a write meanwhile).
   */
  computing(key: string): Promise<Entry | undefined> | undefined {
    return this.inflight.get(key);
  }

  /** Marks `key` as being computed; call the answer with what was stored (or nothing), exactly once. */
  startComputing(key: string): (stored: Entry | undefined) => void {
    let settle: (stored: Entry | undefined) => void = () => {};
    const computing = new Promise<Entry | undefined>((resolve) => {
      settle = resolve;
    });
    this.inflight.set(key, computing);
    return (stored) => {
      if (this.inflight.get(key) === computing) this.inflight.delete(key);
      settle(stored);
    };
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
  /** Tells the requests waiting for this answer what was stored; once. */
  settle: (stored: Entry | undefined) => void;
}

const misses = new WeakMap<FastifyRequest, Miss>();

function settleMiss(request: FastifyRequest, stored: Entry | undefined) {
  const miss = misses.get(request);
  if (!miss) return;
  misses.delete(request);
  miss.settle(stored);
}

/**
 * Serves every route whose config has `cache` through `cache`: hits answer in preHandler (after the
 * auth guard and validation), misses are stored from onSend, where the body is already serialized.
 * A miss for an answer that another request is already computing waits for it (a cold featured list is
 * computed once, not once per request that arrived meanwhile); if that request stores nothing, each
 * waiting request computes its own.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  const send = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.header('etag', entry.etag);
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    for (const [name, value] of entry.headers) reply.header(name, value);
    return reply.send(entry.body);
  };

  app.addHook('preHandler', async (request, reply) => {
    const read = request.routeOptions.config.cache;
    if (!read || request.method !== 'GET' || !cache.usable) return;
    const key = cacheKey(request);
    const hit = cache.get(key);
    if (hit) return send(request, reply, hit);
    const computing = cache.computing(key);
    const awaited = computing && (await computing);
    if (awaited) return send(request, reply, awaited);
    // No await between finding nothing and saying this request computes it.
    misses.set(request, { key, mark: cache.mark(), read, settle: cache.startComputing(key) });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = misses.get(request);
    if (!miss) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      settleMiss(request, undefined);
      return payload;
    }
    const body = Buffer.from(payload);
    const { etag, stored } = cache.store(miss.key, miss.read, miss.mark, body, cachedHeaders(reply));
    settleMiss(request, stored);
    reply.header('etag', etag);
    if (!matchesEtag(request.headers['if-none-match'], etag)) return body;
    reply.code(304);
    return null;
  });

  // Whatever ends a request that never reached onSend (an aborted request): its waiters compute their own.
  app.addHook('onResponse', async (request) => settleMiss(request, undefined));
  app.addHook('onRequestAbort', async (request) => settleMiss(request, undefined));
}

function cachedHeaders(reply: FastifyReply): Array<[string, string]> {
  return CACHED_HEADERS.flatMap((name) => {
    const value = reply.getHeader(name);
    return value === undefined ? [] : [[name, String(value)] as [string, string]];
  });
}
