import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Sent with every request (set its content-type in `headers`). */
  body?: string;
  /** Appended to each request's path: a fresh `&offset=` per request, so the response cache misses. */
  varyOffset?: number;
  /** Each request takes the next of these paths in turn (e.g. one per song), instead of the url's. */
  paths?: readonly string[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  meanMs: number;
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** How each request departs from the url's own path, if it does (see varyOffset and paths). */
function varyRequest(
  options: LoadOptions,
): ((request: autocannon.Request) => autocannon.Request) | undefined {
  const { varyOffset, paths } = options;
  if (paths && paths.length > 0) {
    let next = 0;
    return (request) => ({ ...request, path: paths[next++ % paths.length] as string });
  }
  if (varyOffset)
    return (request) => ({
      ...request,
      path: `${request.path}&offset=${Math.floor(Math.random() * varyOffset)}`,
    });
  return undefined;
}

function run(options: LoadOptions, seconds: number, onLatency?: (ms: number) => void) {
  const setupRequest = varyRequest(options);
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        duration: seconds,
        headers: options.headers ?? {},
        method: options.method ?? 'GET',
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms: number) => onLatency(ms));
  });
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * autocannon with -c connections -p 1: a warm-up run, then the measured run. Percentiles come from
 * every response time of the measured run (autocannon itself reports p97.5 but no p95).
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
  const latencies: number[] = [];
  const result = await run(options, options.seconds, (ms) => latencies.push(ms));
  return summarize([{ latencies, seconds: options.seconds, non2xx: result.non2xx, errors: result.errors }]);
}

export interface Slot {
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
}

/** One measured run of `seconds` (no warm-up), for interleaving with others; see summarize. */
export async function measureSlot(options: LoadOptions): Promise<Slot> {
  const latencies: number[] = [];
  const result = await run(options, options.seconds, (ms) => latencies.push(ms));
  return { latencies, seconds: options.seconds, non2xx: result.non2xx, errors: result.errors };
}

/** The figures of several runs of one target taken together. */
export function summarize(slots: Slot[]): LoadResult {
  const latencies = slots.flatMap((s) => s.latencies);
  const seconds = slots.reduce((sum, s) => sum + s.seconds, 0);
  const sorted = Float64Array.from(latencies).sort();
  const mean = latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length);
  const result = {
    non2xx: slots.reduce((sum, s) => sum + s.non2xx, 0),
    errors: slots.reduce((sum, s) => sum + s.errors, 0),
    requests: { total: latencies.length, average: latencies.length / Math.max(seconds, 1e-9) },
  };
  return {
    requestsPerSecond: result.requests.average,
    meanMs: mean,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p97_5: percentile(sorted, 97.5),
    p99: percentile(sorted, 99),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
