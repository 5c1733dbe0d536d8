import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** A figure of the dashboard: its name and its contribution, as SQL over one row (`r`) of the table. */
interface Figure {
  name: (r: string) => string;
  value: (r: string) => string;
  /** Columns whose update moves the figure (none: only inserts and deletes do). */
  columns: readonly string[];
}

const counted = (name: string): Figure => ({ name: () => `'${name}'`, value: () => '1', columns: [] });
const flagged = (name: string, column: string, condition = (r: string) => `${r}.${column}`): Figure => ({
  name: () => `'${name}'`,
  value: (r) => `case when ${condition(r)} then 1 else 0 end`,
  columns: [column],
});
const summed = (name: string, column: string): Figure => ({
  name: () => `'${name}'`,
  value: (r) => `${r}.${column}`,
  columns: [column],
});

/** Streams per UTC day: `streams:YYYY-MM-DD` (timestamps are ISO-8601 text, docs/decisions/0001). */
export const streamDay = (date: string): string => `streams:${date}`;

/**
 * The dashboard's figures, by table. Database triggers keep `dashboard_counters` equal to them in the
 * writing transaction itself, whichever code (or cascade) writes: the dashboard reads a few rows instead
 * of counting whole tables (docs/decisions/0018).
 */
export const DASHBOARD_FIGURES: Readonly<Record<string, readonly Figure[]>> = {
  app_users: [counted('users'), flagged('users.active', 'is_active'), flagged('users.premium', 'is_premium')],
  songs: [
    counted('songs'),
    flagged('songs.published', 'status', (r) => `${r}.status = 'published'`),
    summed('songs.streams', 'total_streams'),
    summed('songs.downloads', 'downloads_count'),
  ],
  artists: [counted('artists')],
  albums: [counted('albums')],
  genres: [counted('genres')],
  banners: [flagged('banners.active', 'is_active')],
  stream_events: [
    {
      name: (r) => `'streams:' || substr(${r}.created_at, 1, 10)`,
      value: () => '1',
      columns: ['created_at'],
    },
  ],
};

/**
 * PostgreSQL spreads each figure over this many rows (by the counted row's id) so that concurrent
 * streams do not queue on one row lock; the dashboard sums them. SQLite has one writer and uses slot 0.
 */
const PG_SLOTS = 8;

const upsert = 'on conflict (name, slot) do update set value = dashboard_counters.value + excluded.value';

export function dashboardCountersMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
      await db.schema
        .createTable('dashboard_counters')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('value', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('dashboard_counters_pk', ['name', 'slot'])
        .execute();
      for (const [table, figures] of Object.entries(DASHBOARD_FIGURES)) {
        const statements =
          dialect === 'postgres' ? postgresTriggers(table, figures) : sqliteTriggers(table, figures);
        for (const statement of statements) await sql.raw(statement).execute(db);
        const current = figures
          .map(
            (f) =>
              `select ${f.name('t')} as name, 0 as slot, sum(${f.value('t')}) as value from ${table} t group by 1`,
          )
          .join(' union all ');
        await sql
          .raw(
            `insert into dashboard_counters (name, slot, value) select name, slot, value from (${current}) f where value is not null`,
          )
          .execute(db);
      }
    },
  };
}

function sqliteTriggers(table: string, figures: readonly Figure[]): string[] {
  const values = (r: 'new' | 'old', sign: string) =>
    figures.map((f) => `(${f.name(r)}, 0, ${sign}(${f.value(r)}))`).join(', ');
  const trigger = (event: string, body: string) =>
    `create trigger dashboard_${table}_${event.split(' ')[0]} after ${event} on ${table} begin ` +
    `insert into dashboard_counters (name, slot, value) values ${body} ${upsert}; end`;
  const columns = [...new Set(figures.flatMap((f) => f.columns))];
  return [
    trigger('insert', values('new', '')),
    trigger('delete', values('old', '-')),
    ...(columns.length > 0
      ? [trigger(`update of ${columns.join(', ')}`, `${values('old', '-')}, ${values('new', '')}`)]
      : []),
  ];
}

function postgresTriggers(table: string, figures: readonly Figure[]): string[] {
  const rows = (r: 'new_rows' | 'old_rows', sign: string) =>
    figures.map(
      (f) =>
        `select ${f.name('r')} as name, r.id % ${PG_SLOTS} as slot, ${sign}(${f.value('r')}) as value from ${r} r`,
    );
  const statements: string[] = [];
  const trigger = (event: 'insert' | 'delete' | 'update', transitions: string, selects: string[]) => {
    const name = `dashboard_${table}_${event}`;
    statements.push(
      `create function ${name}() returns trigger language plpgsql as $$ begin ` +
        `insert into dashboard_counters (name, slot, value) select name, slot, sum(value) from (${selects.join(' union all ')}) f ` +
        `group by name, slot having sum(value) <> 0 order by name, slot ${upsert}; return null; end $$`,
      `create trigger ${name} after ${event} on ${table} referencing ${transitions} for each statement execute function ${name}()`,
    );
  };
  trigger('insert', 'new table as new_rows', rows('new_rows', ''));
  trigger('delete', 'old table as old_rows', rows('old_rows', '-'));
  if (figures.some((f) => f.columns.length > 0)) {
    trigger('update', 'old table as old_rows new table as new_rows', [
      ...rows('old_rows', '-'),
      ...rows('new_rows', ''),
    ]);
  }
  return statements;
}
