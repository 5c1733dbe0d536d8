import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MAX_LIMIT } from '../../contract/list-query';
import { type Clock, systemClock, utcDay } from '../clock';
import { attachmentDisposition } from '../media/send-stored';
import { binary } from '../openapi/route-docs';

/** A cell value as the list row gives it; null and undefined are empty cells. */
export type CsvCell = string | number | boolean | null | undefined;

/** One column of an export: its header and how a row fills it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/** Rows are read from the list in pages of this many, so an export holds one page at a time. */
export const EXPORT_PAGE_SIZE = MAX_LIMIT;

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return. Such a cell is prefixed with a single quote so it is shown as text.
 */
export const neutraliseFormula = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** A stored timestamp (ISO-8601 UTC) as spreadsheet programs read a date and time: `2026-11-22 14:03`. */
export const utcDateTime = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

/** Every row of a list, read page by page through the list's own call (so search, filters and sort match). */
export async function* listPages<Query, Row>(
  list: (query: Query & { limit: number; offset: number }) => Promise<{ rows: Row[] }>,
  query: Query,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += pageSize) {
    const { rows } = await list({ ...query, limit: pageSize, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
  }
}

/** csv-stringify's options of an export: CRLF record ends (RFC 4180), formula-like text neutralised. */
const CSV_OPTIONS = {
  record_delimiter: 'windows',
  cast: { string: neutraliseFormula, boolean: (v: boolean) => (v ? 'Yes' : 'No') },
} as const;

/**
 * The CSV of `pages` as a stream: UTF-8 with a BOM (spreadsheet programs then read Arabic script right),
 * a header row, then each page written by csv-stringify as one chunk. The next page is read only when
 * the reader wants more (backpressure: one chunk buffered), and destroying the stream stops the reading.
 */
export function csvStream<Row>(pages: AsyncIterable<Row[]>, columns: readonly CsvColumn<Row>[]): Readable {
  async function* chunks() {
    yield stringify([columns.map((c) => c.header)], { ...CSV_OPTIONS, bom: true });
    for await (const rows of pages) {
      yield stringify(
        rows.map((row) => columns.map((c) => c.value(row) ?? null)),
        CSV_OPTIONS,
      );
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}

/** Answers `csv` as a file download that nothing stores. */
function sendCsv(reply: FastifyReply, filename: string, csv: Readable): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentDisposition(filename))
    .header('Cache-Control', 'no-store')
    .send(csv);
}

export interface CsvExportRoute<Query extends z.ZodObject, Row> {
  /** E.g. '/api/songs/export.csv'. */
  path: string;
  /** The file name's start: `songs` → `songs-2026-11-22.csv`. */
  name: string;
  tags: string[];
  /** The list's query schema; its paging (`limit`, `offset`) is left out of the export's. */
  query: Query;
  /** The list's call: one page of rows for the query. */
  list: (query: z.output<Query>) => Promise<{ rows: Row[] }>;
  columns: readonly CsvColumn<Row>[];
  /** Dates the file name (tests pin it). */
  clock?: Clock;
}

/**
 * GET `path`: the whole list as CSV for an admin, with the list's search, filters and sort, streamed a
 * page at a time (docs/decisions/0020-csv-export.md).
 */
export function csvExportRoute<Query extends z.ZodObject, Row>(
  app: FastifyInstance,
  route: CsvExportRoute<Query, Row>,
): void {
  const querystring = route.query.omit({ limit: true, offset: true } as never);
  const clock = route.clock ?? systemClock;
  app.withTypeProvider<ZodTypeProvider>().get(
    route.path,
    {
      config: { access: 'admin' },
      schema: {
        tags: route.tags,
        summary: `Export ${route.name} as CSV`,
        description:
          'Every row the list would show for the same search, filters and sort (no paging), as UTF-8 CSV ' +
          'with a byte order mark and a header row. Text starting with =, +, -, @, a tab or a carriage ' +
          "return is prefixed with ' so spreadsheet programs do not run it.",
        querystring,
        produces: ['text/csv'],
        response: {
          200: binary('text/csv', `The ${route.name} as an attachment named ${route.name}-<date>.csv`),
        },
      },
    },
    async (request, reply) => {
      const list = route.list as (q: object) => Promise<{ rows: Row[] }>;
      const csv = csvStream(listPages(list, request.query as object), route.columns);
      return sendCsv(reply, `${route.name}-${utcDay(clock)}.csv`, csv);
    },
  );
}
