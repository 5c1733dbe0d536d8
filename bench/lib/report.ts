import type { LoadResult } from './load';

export interface Row {
  dialect: string;
  target: string;
  result: LoadResult | null;
  note?: string;
}

interface Meta {
  songs: number;
  seconds: number;
  connections: number;
  targets: readonly { name: string; path: string }[];
}

/** The goals for the songs list and search. */
export const GOALS = {
  listP99Ms: 50,
  listRequestsPerSecond: 1_500,
  deepOverFirst: 1.5,
  searchP95Ms: 30,
};

const ms = (v: number) => v.toFixed(1);
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function verdict(row: Row, meta: Meta): string {
  const r = row.result;
  if (!r) return row.note ?? 'not measured';
  const [first, deep, search] = meta.targets;
  if (row.target === first?.name || row.target === deep?.name) {
    const ok = r.p99 < GOALS.listP99Ms && r.requestsPerSecond >= GOALS.listRequestsPerSecond;
    return `p99 < ${GOALS.listP99Ms} ms, >= ${GOALS.listRequestsPerSecond} req/s: ${mark(ok)}`;
  }
  if (row.target === search?.name) return `p95 < ${GOALS.searchP95Ms} ms: ${mark(r.p95 < GOALS.searchP95Ms)}`;
  return '';
}

function pad(cells: string[], widths: number[]) {
  return cells
    .map((c, i) => (i < 2 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
    .join('  ');
}

export function printReport(rows: readonly Row[], meta: Meta): void {
  const header = ['dialect', 'target', 'req/s', 'mean ms', 'p50', 'p95', 'p97.5', 'p99', 'non-2xx', 'goal'];
  const lines = rows.map((row) => {
    const r = row.result;
    return [
      row.dialect,
      row.target,
      r ? Math.round(r.requestsPerSecond).toString() : '-',
      r ? ms(r.meanMs) : '-',
      r ? ms(r.p50) : '-',
      r ? ms(r.p95) : '-',
      r ? ms(r.p97_5) : '-',
      r ? ms(r.p99) : '-',
      r ? String(r.non2xx + r.errors) : '-',
      verdict(row, meta),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  console.log(
    `\nCatalogue benchmark: ${meta.songs.toLocaleString('en')} songs, autocannon -c ${meta.connections} -p 1, ` +
      `${meta.seconds} s per target after a warm-up (latencies in ms)\n`,
  );
  console.log(pad(header, widths));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(pad(line, widths));

  const [first, deep] = meta.targets;
  console.log('');
  for (const dialect of new Set(rows.map((r) => r.dialect).filter((d) => d !== '-'))) {
    const a = rows.find((r) => r.dialect === dialect && r.target === first?.name)?.result;
    const b = rows.find((r) => r.dialect === dialect && r.target === deep?.name)?.result;
    if (!a || !b) continue;
    const ratio = b.meanMs / a.meanMs;
    console.log(
      `${dialect}: deep page / first page (mean latency) = ${ratio.toFixed(2)}x ` +
        `(goal <= ${GOALS.deepOverFirst}x): ${mark(ratio <= GOALS.deepOverFirst)}`,
    );
  }
}
