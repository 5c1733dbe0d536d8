import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { testDialects } from '../testing/databases';
import { type ScratchDatabase, scratchDatabase } from '../testing/scratch-database';
import { freePort, request, type ServerProcess, signInCookie, startServer } from '../testing/server-process';
import { ADMIN, KILL_ROUNDS, report } from './settings';
import { type Table, WriteLedger } from './write-ledger';

/**
 * kill -9 under a stream of acknowledged writes: a real server process takes creates, updates and deletes
 * from four clients, is killed with SIGKILL at a random moment, and restarted. At the end every
 * acknowledged write must be in the database, no row may exist that no write created, and the database's
 * own integrity check must pass. (SQLite runs WAL with synchronous=NORMAL: a killed process loses
 * nothing; a power cut may lose the last commits, which this suite does not simulate.)
 */

const WRITERS = 4;
const WORDS = ['بلوچی', 'براہوی', 'ھالو', 'گلزار', 'ۂنر', 'سُر', 'Zahirok'];

interface Writer {
  owned: Array<{ table: Table; id: number }>;
}

function body(table: Table, name: string): string {
  return JSON.stringify(
    table === 'artists'
      ? { name, country: 'پاکستان', bio: `شاعر ${name}` }
      : { name, description: `ساز ${name}`, color: '#FF6B6B' },
  );
}

/** One writer's stream until a request fails at the connection level (the kill). */
async function write(
  port: number,
  cookie: string,
  writer: Writer,
  tag: string,
  ledger: WriteLedger,
  failures: string[],
) {
  const headers = { 'content-type': 'application/json', cookie };
  for (let i = 0; ; i++) {
    const name = `${WORDS[i % WORDS.length]} ${tag}.${i}`;
    const roll = Math.random();
    const target =
      writer.owned.length > 0 ? writer.owned[Math.floor(Math.random() * writer.owned.length)] : null;
    if (roll < 0.5 || !target) {
      const table: Table = i % 2 === 0 ? 'artists' : 'genres';
      const outcome = await request(port, 'POST', `/api/${table}`, { body: body(table, name), headers });
      if ('error' in outcome) return ledger.unansweredCreate(table, name);
      if (outcome.status !== 201)
        failures.push(`POST ${table}: ${outcome.status} ${outcome.body.slice(0, 200)}`);
      else {
        const id = (JSON.parse(outcome.body) as { id: number }).id;
        ledger.created(table, id, name);
        writer.owned.push({ table, id });
      }
      continue;
    }
    const remove = roll > 0.85;
    const url = `/api/${target.table}/${target.id}`;
    const outcome = remove
      ? await request(port, 'DELETE', url, { headers: { cookie } })
      : await request(port, 'PUT', url, { body: body(target.table, name), headers });
    const state = remove ? null : name;
    if ('error' in outcome) {
      // Its state is unknown now (a delete may have committed): the writer leaves the row alone.
      writer.owned.splice(writer.owned.indexOf(target), 1);
      return ledger.unansweredChange(target.table, target.id, state);
    }
    if (outcome.status >= 300) failures.push(`${remove ? 'DELETE' : 'PUT'} ${url}: ${outcome.status}`);
    else ledger.changed(target.table, target.id, state);
    if (remove) writer.owned.splice(writer.owned.indexOf(target), 1);
  }
}

async function integrityProblems(database: Database): Promise<string[]> {
  if (database.dialect === 'sqlite') {
    const check = await sql<Record<string, string>>`pragma integrity_check`.execute(database.db);
    const keys = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(database.db);
    return [
      ...check.rows.map((r) => String(Object.values(r)[0])).filter((r) => r !== 'ok'),
      ...keys.rows.map((r) => `foreign key: ${JSON.stringify(r)}`),
    ];
  }
  // amcheck verifies every B-tree index against its table's structure (PostgreSQL's own consistency check).
  await sql`create extension if not exists amcheck`.execute(database.db);
  const indexes = await sql<{ name: string }>`
    select c.relname as name from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam
    join pg_namespace n on n.oid = c.relnamespace
    where a.amname = 'btree' and n.nspname = 'public'`.execute(database.db);
  const problems: string[] = [];
  for (const { name } of indexes.rows) {
    try {
      await sql`select bt_index_check(${name}::regclass, true)`.execute(database.db);
    } catch (e) {
      problems.push(`${name}: ${(e as Error).message}`);
    }
  }
  if (indexes.rows.length === 0) problems.push('no indexes found to check');
  return problems;
}

describe.each(testDialects())('kill -9 under acknowledged writes on %s', (dialect) => {
  let dataDir: string;
  let db: ScratchDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nazenk-kill-'));
    db = await scratchDatabase(dialect, dataDir);
  });
  afterAll(async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `loses no acknowledged write over ${KILL_ROUNDS} rounds and keeps the database intact`,
    async () => {
      const port = await freePort();
      const env = { ...ADMIN, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: db.url };
      const ledger = new WriteLedger();
      const failures: string[] = [];
      const writers: Writer[] = Array.from({ length: WRITERS }, () => ({ owned: [] }));
      let cookie = '';
      let server: ServerProcess | undefined;
      try {
        for (let round = 0; round < KILL_ROUNDS; round++) {
          server = await startServer(env);
          // Sessions live in the database: one sign-in serves every restart.
          if (!cookie) cookie = await signInCookie(port, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
          const streams = writers.map((w, n) => write(port, cookie, w, `${round}.${n}`, ledger, failures));
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 1_100));
          server.child.kill('SIGKILL');
          await server.exited;
          await Promise.all(streams);
        }

        // The restarted server answers from what survived: totals and searches agree with the rows.
        server = await startServer(env);
        const database = db.open();
        try {
          const lost: string[] = [];
          const phantom: string[] = [];
          for (const table of ['artists', 'genres'] as const) {
            const rows = await database.db.selectFrom(table).select(['id', 'name']).execute();
            const result = ledger.reconcile(table, rows);
            lost.push(...result.lost);
            phantom.push(...result.phantom);
            const list = await request(port, 'GET', `/api/${table}?limit=1`, { headers: { cookie } });
            expect('status' in list && list.headers['x-total-count']).toBe(String(rows.length));
            for (const row of ledger.live(table).slice(-5)) {
              const found = await request(port, 'GET', `/api/${table}?q=${encodeURIComponent(row.name)}`, {
                headers: { cookie },
              });
              const ids =
                'status' in found ? (JSON.parse(found.body) as Array<{ id: number }>).map((r) => r.id) : [];
              expect(ids, `search for ${row.name}`).toContain(row.id);
            }
          }
          const problems = await integrityProblems(database);
          report(
            `kill -9 on ${dialect}: ${KILL_ROUNDS} rounds, ${ledger.acknowledged} acknowledged writes, ` +
              `${lost.length} lost, ${phantom.length} phantom rows, integrity ${problems.length ? 'FAILED' : 'ok'}`,
          );
          expect(failures).toEqual([]);
          expect(lost).toEqual([]);
          expect(phantom).toEqual([]);
          expect(problems).toEqual([]);
          expect(ledger.acknowledged).toBeGreaterThan(KILL_ROUNDS * 5);
        } finally {
          await database.close();
        }
      } finally {
        server?.child.kill('SIGTERM');
        await server?.exited;
      }
    },
    60_000 + KILL_ROUNDS * 15_000,
  );
});
