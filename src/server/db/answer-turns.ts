import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { takeTurn } from '../loop-turns';

/**
 * Wraps an asynchronous dialect (PostgreSQL) so that what follows each query's answer (Kysely's row
 * plugins, the repo's mapping, serializing the reply) waits its turn of the event loop (loop-turns.ts):
 * answers that arrive together are then handled over several turns, not all in one.
 */
export function answersTakeTurns(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new TurnTakingDriver(dialect.createDriver()),
  };
}

class TurnTakingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiledQuery);
    await takeTurn();
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class TurnTakingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, TurnTakingConnection>();

  constructor(private readonly inner: Driver) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let turns = this.wrapped.get(connection);
    if (!turns) {
      turns = new TurnTakingConnection(connection);
      this.wrapped.set(connection, turns);
    }
    return turns;
  }

  releaseConnection = (c: DatabaseConnection) => this.inner.releaseConnection(unwrap(c));
  beginTransaction: Driver['beginTransaction'] = (c, settings) =>
    this.inner.beginTransaction(unwrap(c), settings);
  commitTransaction: Driver['commitTransaction'] = (c) => this.inner.commitTransaction(unwrap(c));
  rollbackTransaction: Driver['rollbackTransaction'] = (c) => this.inner.rollbackTransaction(unwrap(c));
  savepoint: Driver['savepoint'] = async (c, name, compile) =>
    this.inner.savepoint?.(unwrap(c), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = async (c, name, compile) =>
    this.inner.rollbackToSavepoint?.(unwrap(c), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = async (c, name, compile) =>
    this.inner.releaseSavepoint?.(unwrap(c), name, compile);
}

const unwrap = (c: DatabaseConnection) => (c instanceof TurnTakingConnection ? c.inner : c);
