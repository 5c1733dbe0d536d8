import { randomUUID } from 'node:crypto';
import { CompiledQuery, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import type { TableChanges } from './table-changes';

/** The one channel every Nazenk process on a PostgreSQL server shares; payloads name their schema. */
export const CHANGES_CHANNEL = 'nazenk_table_changes';
const RECONNECT_MS = 1_000;

interface Payload {
  /** Schema written to. */
  s: string;
  /** Writing process (its own notifications are skipped: it has already applied them). */
  p: string;
  /** Tables written. */
  t: string[];
}

/**
 * Cross-process cache invalidation on PostgreSQL with LISTEN/NOTIFY. A writer queues a notification
 * inside its transaction, so it is delivered exactly when (and only if) the transaction commits; every
 * other process listening on the same schema then records the change like a write of its own. While the
 * listening connection is down, changes could be missed, so `changes` is marked not live (caches are
 * cleared and bypassed) until it listens again.
 */
export function pgChanges(options: { url: string; schema: string; changes: TableChanges }) {
  const { url, schema, changes } = options;
  const processId = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
    let payload: Payload;
    try {
      payload = JSON.parse(message.payload) as Payload;
    } catch {
      return;
    }
    if (payload.s === schema && payload.p !== processId) changes.changed(payload.t);
  };

  const listen = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      changes.setLive(false);
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(listen, RECONNECT_MS);
    };
    client = next;
    next.on('notification', onNotification);
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      // Anything written before LISTEN took effect is unknown here.
      changes.reset();
      if (client === next) changes.setLive(true);
    } catch {
      lost();
    }
  };

  changes.setLive(false);
  const ready = listen();

  return {
    /** Resolves once the first LISTEN was attempted. */
    ready,

    /**
     * Queues the notification of `tables` on the writing connection (see WriteHooks.beforeCommit), unless
     * no cache reads them (TableChanges.watches): the other processes would have nothing to drop.
     */
    async publish(connection: DatabaseConnection, tables: ReadonlySet<string>): Promise<void> {
      if (!changes.watches(tables)) return;
      const payload = JSON.stringify({ s: schema, p: processId, t: [...tables] } satisfies Payload);
      await connection.executeQuery(
        CompiledQuery.raw('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]),
      );
    },

    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
