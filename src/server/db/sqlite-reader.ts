import { createRequire as requireFrom } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { afterTurn } from '../loop-turns';

/** Runs in the worker: a read-only connection to the same file, statements prepared once per SQL text. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = ' + -workerData.cacheKib);
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > workerData.statementCacheSize) statements.delete(statements.keys().next().value);
    }
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

/**
 * The reader's page cache (SQLite's default is 2 MB). Pages that are not a list's first ones are read from
 * all over the file; at 100,000 songs an uncached page of 50 took 0.74-0.89 ms with 2 MB and 0.49-0.57 ms
 * with 32 MB (64 MB gained little more). Only pages read take memory.
 */
const READER_PAGE_CACHE_KIB = 32 * 1024;

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

type Reply = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

/**
 * Reads of one SQLite file on a worker thread, with its own read-only connection (WAL lets it read while
 * the main connection writes). A read sent after a write committed sees that write. The worker starts on
 * the first read and ends with `close`.
 */
export class SqliteReader {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(
    private readonly path: string,
    private readonly statementCacheSize: number,
  ) {}

  all(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const id = this.nextId++;
    const worker = this.started();
    return new Promise((resolve, reject) => {
      // The reader keeps the process alive while it owes an answer, and only then.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, parameters });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const driver = requireFrom(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver,
        path: this.path,
        statementCacheSize: this.statementCacheSize,
        cacheKib: READER_PAGE_CACHE_KIB,
      },
    });
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new Error('The SQLite reader thread stopped'));
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply) {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    const answer = () => {
      if ('rows' in reply) pending.resolve(reply.rows);
      else pending.reject(new SQLite.SqliteError(reply.error.message, reply.error.code ?? 'SQLITE_ERROR'));
    };
    // Replies arrive in batches; what each caller does with its rows waits its turn of the loop.
    afterTurn(answer);
  }

  private failAll(error: Error) {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
