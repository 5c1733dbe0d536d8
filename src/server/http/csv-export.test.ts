import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQueryBase } from '../../contract/list-query';
import { eventually } from '../media/testing/media-dir';
import { registerAccessLog } from './access-log';
import { type CsvColumn, csvExportRoute, csvStream, listPages, neutraliseFormula } from './csv-export';
import { registerErrorHandling } from './error-handler';

interface Item {
  id: number;
  name: string;
  note: string | null;
  active: boolean;
}
const COLUMNS: CsvColumn<Item>[] = [
  { header: 'ID', value: (i) => i.id },
  { header: 'Name', value: (i) => i.name },
  { header: 'Note', value: (i) => i.note },
  { header: 'Active', value: (i) => i.active },
];

async function text(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function* pagesOf<T>(...pages: T[][]) {
  for (const page of pages) yield page;
}

describe('neutraliseFormula', () => {
  it('prefixes what a spreadsheet would run, and only that', () => {
    for (const v of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")']) {
      expect(neutraliseFormula(v)).toBe(`'${v}`);
    }
    for (const v of ['plain', 'شیرین', ' =1', "'quoted", '1-2', 'a@b.example', '']) {
      expect(neutraliseFormula(v)).toBe(v);
    }
  });
});

describe('csvStream', () => {
  it('writes a BOM, the header row and CRLF lines that a CSV parser reads back exactly', async () => {
    const tricky: Item[] = [
      { id: 1, name: 'Comma, "quoted" name', note: 'line one\nline two\r\nline three', active: true },
      { id: 2, name: 'شیرین جان', note: null, active: false },
      { id: 3, name: '=cmd|" /C calc"!A0', note: '-1', active: true },
      { id: 4, name: '@import', note: '+44 20', active: true },
    ];
    const bytes = await text(csvStream(pagesOf(tricky.slice(0, 2), tricky.slice(2)), COLUMNS));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').startsWith('ID,Name,Note,Active\r\n')).toBe(true);
    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      { ID: '1', Name: 'Comma, "quoted" name', Note: 'line one\nline two\r\nline three', Active: 'Yes' },
      { ID: '2', Name: 'شیرین جان', Note: '', Active: 'No' },
      { ID: '3', Name: `'=cmd|" /C calc"!A0`, Note: "'-1", Active: 'Yes' },
      { ID: '4', Name: "'@import", Note: "'+44 20", Active: 'Yes' },
    ]);
  });

  it('writes only the header for an empty list', async () => {
    const bytes = await text(csvStream(pagesOf<Item>(), COLUMNS));
    expect(bytes.toString('utf8')).toBe('\uFEFFID,Name,Note,Active\r\n');
  });
});

describe('listPages', () => {
  it('reads page after page with the query until a short page', async () => {
    const calls: unknown[] = [];
    const all = Array.from({ length: 5 }, (_, i) => i);
    const list = async (q: { sort: string; limit: number; offset: number }) => {
      calls.push(q);
      return { rows: all.slice(q.offset, q.offset + q.limit) };
    };
    const pages: number[][] = [];
    for await (const page of listPages(list, { sort: 'name' }, 2)) pages.push(page);
    expect(pages).toEqual([[0, 1], [2, 3], [4]]);
    expect(calls).toEqual([
      { sort: 'name', limit: 2, offset: 0 },
      { sort: 'name', limit: 2, offset: 2 },
      { sort: 'name', limit: 2, offset: 4 },
    ]);
  });

  it('stops after a full last page when the next one is empty', async () => {
    const list = async (q: { limit: number; offset: number }) => ({ rows: q.offset < 4 ? [q.offset] : [] });
    const pages: number[][] = [];
    for await (const page of listPages(list, {}, 1)) pages.push(page);
    expect(pages).toEqual([[0], [1], [2], [3]]);
  });
});

describe('csvExportRoute', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  /** A bare app with the real error handling and access log, and an export over `list`. */
  async function exportApp(
    list: (q: { limit: number; offset: number; q?: string }) => Promise<{ rows: Item[] }>,
  ) {
    const lines: Array<{ level: number; msg?: string }> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = Fastify({ logger: { level: 'info', stream } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    registerAccessLog(app);
    const query = listQueryBase.extend({ sort: z.enum(['name']).default('name') });
    csvExportRoute(app, {
      path: '/api/items/export.csv',
      name: 'items',
      tags: ['items'],
      query,
      list,
      columns: COLUMNS,
      clock: () => new Date('2026-11-22T23:59:59Z'),
    });
    await app.ready();
    return { app, lines };
  }

  it('answers the CSV as a dated attachment nothing stores, with the list query minus paging', async () => {
    const seen: unknown[] = [];
    const { app } = await exportApp(async (q) => {
      seen.push(q);
      return { rows: [{ id: 7, name: 'x', note: null, active: true }] };
    });
    const res = await app.inject({ method: 'GET', url: '/api/items/export.csv?q=%D8%B4%DB%8C&limit=5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="items-2026-11-22.csv"; filename*=UTF-8''items-2026-11-22.csv`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // The export's own paging replaces any sent: limit is not part of its query.
    expect(seen).toEqual([{ q: 'شی', sort: 'name', limit: 1000, offset: 0 }]);
    const bad = await app.inject({ method: 'GET', url: '/api/items/export.csv?sort=nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('stops reading when the client goes away, and logs nothing above info', async () => {
    let pagesRead = 0;
    const row = (id: number): Item => ({ id, name: 'x'.repeat(200), note: 'y'.repeat(200), active: true });
    // An endless list: only backpressure and the abort bound how much is read.
    const { app, lines } = await exportApp(async (q) => {
      pagesRead++;
      return { rows: Array.from({ length: q.limit }, (_, i) => row(q.offset + i)) };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    await new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/items/export.csv' }, (res) => {
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (err) => (request.destroyed ? undefined : reject(err)));
    });
    // Fastify's own note that the answer was cut; the reply stream is destroyed right after it.
    await eventually(() => lines.some((l) => l.msg === 'stream closed prematurely'));
    const readAtAbort = pagesRead;
    // Backpressure held the reading to what the socket buffers take (a few MB), not an endless list.
    expect(readAtAbort).toBeLessThan(50);
    // Give a runaway reader every chance to show itself before looking again.
    await new Promise((r) => setTimeout(r, 100));
    expect(pagesRead).toBeLessThanOrEqual(readAtAbort + 1);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});
