import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { COUNTER_COLUMNS, countersOf } from './counters';
import { ALL_TABLES } from './table-changes';

export interface WriteHooks {
  /**
   * Before an autocommit write runs, with the tables it writes, and before a transaction commits, with
   * the tables whose rows it changed; throwing refuses the write (the transaction rolls back).
   */
  beforeWrite?(tables: ReadonlySet<string>): void;
  /** Inside the transaction, just before COMMIT (or after an autocommit write), on the same connection. */
  beforeCommit?(connection: DatabaseConnection, tables: ReadonlySet<string>): Promise<void>;
  /** After the write is committed. */
  committed(tables: ReadonlySet<string>): void;
}

/**
 * Wraps a Kysely dialect so that every committed write reports the tables it wrote: statements outside a
 * transaction when they succeed, statements inside one when it commits (nothing on rollback). This is the
 * one place writes are seen, whichever repo, script or module made them.
 */
export function trackWrites(dialect: Dialect, hooks: WriteHooks): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new TrackingDriver(dialect.createDriver(), hooks),
  };
}

class TrackedConnection implements DatabaseConnection {
  /** Tables written by the open transaction; undefined outside one. */
  pending: Set<string> | undefined;
  /** Tables of the open transaction in which a statement changed rows (or could not say). */
  changedRows = new Set<string>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly hooks: WriteHooks,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const written = writtenTables(compiledQuery);
    if (written.size > 0 && !this.pending) this.hooks.beforeWrite?.(written);
    const result = await this.inner.executeQuery<R>(compiledQuery);
    if (written.size > 0) {
      if (this.pending) {
        for (const t of written) this.pending.add(t);
        if (changedRows(compiledQuery, result)) for (const t of written) this.changedRows.add(t);
      } else {
        await this.hooks.beforeCommit?.(this.inner, written);
        this.hooks.committed(written);
      }
    }
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (writtenTables(compiledQuery).size > 0) throw new Error('Writes cannot be streamed');
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class TrackingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, TrackedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly hooks: WriteHooks,
  ) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let tracked = this.wrapped.get(connection);
    if (!tracked) {
      tracked = new TrackedConnection(connection, this.hooks);
      this.wrapped.set(connection, tracked);
    }
    return tracked;
  }

  releaseConnection = (c: DatabaseConnection) => this.inner.releaseConnection(unwrap(c));

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(unwrap(c), settings);
    (c as TrackedConnection).pending = new Set();
    (c as TrackedConnection).changedRows = new Set();
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const tracked = c as TrackedConnection;
    const written = tracked.pending ?? new Set<string>();
    tracked.pending = undefined;
    if (tracked.changedRows.size > 0) this.hooks.beforeWrite?.(tracked.changedRows);
    if (written.size > 0) await this.hooks.beforeCommit?.(tracked.inner, written);
    await this.inner.commitTransaction(tracked.inner);
    if (written.size > 0) this.hooks.committed(written);
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    (c as TrackedConnection).pending = undefined;
    await this.inner.rollbackTransaction(unwrap(c));
  }

  // A rolled-back savepoint's writes stay counted: an extra invalidation is harmless, a missed one is not.
  savepoint: Driver['savepoint'] = async (c, name, compile) => {
    await this.inner.savepoint?.(unwrap(c), name, compile);
  };
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = async (c, name, compile) => {
    await this.inner.rollbackToSavepoint?.(unwrap(c), name, compile);
  };
  releaseSavepoint: Driver['releaseSavepoint'] = async (c, name, compile) => {
    await this.inner.releaseSavepoint?.(unwrap(c), name, compile);
  };
}

/** Whether a write changed rows; when the driver does not say (raw SQL), assume it did. */
function changedRows(query: CompiledQuery, result: QueryResult<unknown>): boolean {
  const affected = result.numAffectedRows ?? result.numChangedRows;
  if (affected !== undefined) return affected > 0n;
  // better-sqlite3 answers a statement with RETURNING by its rows alone.
  if ((query.query as { returning?: unknown }).returning) return result.rows.length > 0;
  return true;
}

const unwrap = (c: DatabaseConnection) => (c instanceof TrackedConnection ? c.inner : c);

const NO_TABLES: ReadonlySet<string> = new Set();
const READS = new Set(['SelectQueryNode']);
const READ_ONLY_SQL =
  /^\s*(select|pragma|explain|show|set|begin|commit|rollback|savepoint|release|listen)\b/i;
const WRITE_SQL =
  /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from|replace\s+into)\s+("?)([a-z_][\w]*)\1/gi;

/** The SQL names of the tables a compiled query writes (ALL_TABLES when it cannot tell, e.g. DDL). */
export function writtenTables(query: CompiledQuery): ReadonlySet<string> {
  const node = query.query;
  if (READS.has(node.kind)) return withWrites(node, new Set()) ?? NO_TABLES;
  if (node.kind === 'RawNode') {
    if (READ_ONLY_SQL.test(query.sql)) return NO_TABLES;
    const tables = new Set<string>();
    for (const match of query.sql.matchAll(WRITE_SQL)) tables.add(String(match[2]).toLowerCase());
    return tables.size > 0 ? tables : new Set([ALL_TABLES]);
  }
  return withWrites(node, new Set()) ?? new Set([ALL_TABLES]);
}

type AnyNode = OperationNode & Record<string, unknown>;

/**
 * Adds the tables written by `node` and by any write inside its WITH clause; undefined when `node` is
 * neither a read nor one of the write statements (DDL and the like).
 */
function withWrites(node: OperationNode, tables: Set<string>): Set<string> | undefined {
  const n = node as AnyNode;
  const target: unknown =
    n.kind === 'InsertQueryNode' || n.kind === 'MergeQueryNode'
      ? n.into
      : n.kind === 'UpdateQueryNode'
        ? n.table
        : n.kind === 'DeleteQueryNode'
          ? (n.from as { froms: OperationNode[] }).froms
          : undefined;
  if (target === undefined && !READS.has(n.kind)) return undefined;
  for (const t of [target].flat()) {
    const name = t ? tableName(t as AnyNode) : undefined;
    if (name) tables.add(n.kind === 'UpdateQueryNode' && setsOnlyCounters(name, n) ? countersOf(name) : name);
  }
  const ctes = (n.with as { expressions?: { expression: OperationNode }[] } | undefined)?.expressions;
  for (const cte of ctes ?? []) if (!withWrites(cte.expression, tables)) tables.add(ALL_TABLES);
  return tables;
}

/** Whether an UPDATE of `table` sets counter columns only (db/counters.ts). */
function setsOnlyCounters(table: string, node: AnyNode): boolean {
  const counters = COUNTER_COLUMNS[table];
  const updates = node.updates as ReadonlyArray<{ column: AnyNode }> | undefined;
  if (!counters || !updates || updates.length === 0) return false;
  return updates.every(({ column }) => {
    const identifier = column.kind === 'ColumnNode' ? (column.column as { name?: unknown }) : undefined;
    return typeof identifier?.name === 'string' && counters.includes(identifier.name);
  });
}

function tableName(node: AnyNode): string | undefined {
  if (node.kind === 'AliasNode') return tableName(node.node as AnyNode);
  if (node.kind !== 'TableNode') return undefined;
  const { identifier } = node.table as { identifier: { name: string } };
  return identifier.name;
}
