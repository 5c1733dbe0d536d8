import type { LoadResult } from './load';

export interface RatioRow {
  dialect: string;
  songs: number;
  target: string;
  reference?: LoadResult;
  product?: LoadResult;
  /** The product's event-loop delay p99 (ms) over its slots. */
  loopP99?: number;
  /** Loaded with If-None-Match: 304 is the expected answer, not counted as non-2xx. */
  revalidate?: boolean;
  note?: string;
}

type Goal = { text: string; ok: (r: LoadResult, ratio: number) => boolean };

/** The admin's uncached songs list of the same run (dialect and size): the app list's yardstick. */
const ADMIN_UNCACHED_LIST = 'songs, uncached';

/** The issues' goals (issue 12, and issue 11 for the app's calls), by target. */
function goal(row: RatioRow, rows: readonly RatioRow[]): Goal | undefined {
  const t = row.target;
  const large = row.songs >= 1_000_000;
  if (t.startsWith('app:')) return appGoal(row, rows);
  if (t.startsWith('songs, first page') && t.endsWith('304')) return undefined;
  if (t.includes('uncached')) return undefined;
  if (t.startsWith('songs, first page') || t.startsWith('songs, page')) {
    const min = row.dialect === 'sqlite' ? 1.5 : 1.0;
    return { text: `>= ${min}x, p99 < 50`, ok: (r, ratio) => ratio >= min && r.p99 < 50 };
  }
  if (t.startsWith('songs, q=')) {
    const p99 = large ? 100 : 50;
    return { text: `p99 < ${p99}`, ok: (r) => r.p99 < p99 };
  }
  if (t.startsWith('dashboard')) return { text: 'p99 < 20', ok: (r) => r.p99 < 20 };
  if (t.startsWith('public:')) {
    const min = t.endsWith('304') ? 4 : 2.5;
    return { text: `>= ${min}x`, ok: (_r, ratio) => ratio >= min };
  }
  return undefined;
}

/** Issue 11: the app's list at 5x the admin's uncached list, its search p95 < 30 ms. */
function appGoal(row: RatioRow, rows: readonly RatioRow[]): Goal | undefined {
  const t = row.target;
  if (t.startsWith('app: search')) return { text: 'p95 < 30', ok: (r) => r.p95 < 30 };
  if (t !== 'app: songs, first page') return undefined;
  const admin = rows.find(
    (other) =>
      other.dialect === row.dialect &&
      other.songs === row.songs &&
      other.target.startsWith(ADMIN_UNCACHED_LIST),
  )?.product;
  if (!admin) return { text: '>= 5x admin uncached (not measured)', ok: () => false };
  return {
    text: `>= 5x admin uncached (${((row.product?.requestsPerSecond ?? 0) / admin.requestsPerSecond).toFixed(1)}x)`,
    ok: (r) => r.requestsPerSecond >= 5 * admin.requestsPerSecond,
  };
}

const LOOP_GOAL_MS = 20;

export function printRatios(
  rows: readonly RatioRow[],
  meta: { seconds: number; rounds: number; connections: number; appRateLimits?: string },
): void {
  const header = [
    'dialect',
    'songs',
    'target',
    'ref req/s',
    'req/s',
    'ratio',
    'p50',
    'p95',
    'p99',
    'loop p99',
    'non-2xx',
    'goal',
  ];
  const lines = rows.map((row) => {
    const r = row.product;
    const ref = row.reference;
    if (!r || !ref)
      return [
        row.dialect,
        row.songs.toLocaleString('en'),
        row.target,
        '-',
        '-',
        '-',
        '-',
        '-',
        '-',
        '-',
        '-',
        row.note ?? '',
      ];
    const ratio = r.requestsPerSecond / ref.requestsPerSecond;
    if (r.requests === 0) {
      const figures = [String(Math.round(ref.requestsPerSecond)), '0', '0.00x', '-', '-', '-'];
      const loop = (row.loopP99 ?? Number.NaN).toFixed(1);
      return [
        row.dialect,
        row.songs.toLocaleString('en'),
        row.target,
        ...figures,
        loop,
        '-',
        'no answer within the slots',
      ];
    }
    const g = goal(row, rows);
    const loopOk = (row.loopP99 ?? 0) < LOOP_GOAL_MS;
    const verdict = [g ? `${g.text}: ${g.ok(r, ratio) ? 'ok' : 'MISSED'}` : '', loopOk ? '' : 'loop MISSED']
      .filter(Boolean)
      .join('; ');
    return [
      row.dialect,
      row.songs.toLocaleString('en'),
      row.target,
      String(Math.round(ref.requestsPerSecond)),
      String(Math.round(r.requestsPerSecond)),
      `${ratio.toFixed(2)}x`,
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p99.toFixed(1),
      (row.loopP99 ?? Number.NaN).toFixed(1),
      String(row.revalidate ? r.errors : r.non2xx + r.errors),
      verdict,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const pad = (cells: string[]) =>
    cells
      .map((c, i) =>
        i <= 2 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0),
      )
      .join('  ');
  console.log(
    `\nCatalogue benchmark: autocannon -c ${meta.connections} -p 1, ${meta.seconds} s per target and side in ` +
      `${meta.rounds} interleaved rounds; ratio = product req/s / reference req/s (the hand-written 50-song ` +
      'page, bench/reference/server.mjs, measured in the slots beside it); latencies and loop delay in ms' +
      (meta.appRateLimits
        ? `.\nApp-user targets (app:) call with one app user's bearer token from one address, the server started ` +
          `with ${meta.appRateLimits} (defaults 120 and 600 per minute; the limits are still counted per request)`
        : '') +
      '\n',
  );
  console.log(pad(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(pad(line));
  console.log(
    `\nEvent-loop delay goal: p99 < ${LOOP_GOAL_MS} ms throughout (perf_hooks.monitorEventLoopDelay in the server).`,
  );
}
