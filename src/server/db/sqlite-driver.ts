import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { takeTurn } from '../loop-turns';
import { SqliteReader } from './sqlite-reader';
import { writtenTables } from './write-tracker';

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite dialect, with two changes for a server under load (issue 12):
 * - reads outside a transaction run on a reader thread (db/sqlite-reader.ts), off the event loop;
 * - the other statements (writes, transactions) run on the main connection, one at a time, taking turns
 *   of the event loop (loop-turns.ts).
 * `path` undefined (an in-memory database): every statement runs on the main connection.
 */
export function sqliteDialect(sqlite: SQLite.Database, path: string | undefined): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createDriver: () =>
      new SqliteDriver(sqlite, path ? new SqliteReader(path, STATEMENT_CACHE_SIZE) : undefined),
  };
}

/** Whether a query only reads: a SELECT writing nothing in its WITH clause, or raw SQL starting with SELECT. */
function onlyReads(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return writtenTables(query).size === 0;
  return kind === 'RawNode' && /^\s*select\b/i.test(query.sql);
}

class Mutex {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  async lock() {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  unlock() {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }
}

/**
 * One acquisition of the database by Kysely (one query, or one transaction). It takes the main connection
 * only when it needs it (a write, a transaction, a read inside one) and keeps it until released.
 */
class SqliteSession implements DatabaseConnection {
  holdsMain = false;

  constructor(private readonly driver: SqliteDriver) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { reader } = this.driver;
    if (!this.holdsMain && reader && onlyReads(compiledQuery)) {
      return { rows: (await reader.all(compiledQuery.sql, compiledQuery.parameters)) as R[] };
    }
    await this.takeMain();
    await takeTurn();
    return this.driver.runOnMain<R>(compiledQuery);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (compiledQuery.query.kind !== 'SelectQueryNode')
      throw new Error('Only SELECT queries can be streamed');
    await this.takeMain();
    for (const row of this.driver.statement(compiledQuery.sql).iterate(compiledQuery.parameters)) {
      yield { rows: [row as R] };
    }
  }

  async takeMain() {
    if (this.holdsMain) return;
    await this.driver.mainConnection.lock();
    this.holdsMain = true;
  }

  release() {
    if (!this.holdsMain) return;
    this.holdsMain = false;
    this.driver.mainConnection.unlock();
  }
}

class SqliteDriver implements Driver {
  readonly mainConnection = new Mutex();
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly sqlite: SQLite.Database,
    readonly reader: SqliteReader | undefined,
  ) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteSession(this);
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as SqliteSession).release();
  }

  async beginTransaction(connection: DatabaseConnection) {
    await (connection as SqliteSession).takeMain();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  savepoint: Driver['savepoint'] = async (connection, name) => {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quote(name)}`));
  };
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = async (connection, name) => {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quote(name)}`));
  };
  releaseSavepoint: Driver['releaseSavepoint'] = async (connection, name) => {
    await connection.executeQuery(CompiledQuery.raw(`release ${quote(name)}`));
  };

  async destroy() {
    await this.reader?.close();
    this.sqlite.close();
  }

  runOnMain<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.statement(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /**
   * Kysely would prepare a new statement for every query, which costs about as much as running a list
   * query; the same SQL text gets the same statement (least recently used dropped past the cache size).
   */
  statement(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (statement) this.statements.delete(sql);
    else statement = this.sqlite.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return statement;
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
