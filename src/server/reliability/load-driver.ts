import http from 'node:http';

export interface Sent {
  path: string;
  body?: unknown;
}

export interface Step {
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  make: () => Sent;
  /** Called with each answer, to keep what the test will reconcile. */
  answered?: (status: number, sent: Sent, body: string) => void;
}

export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  p99: number;
  /** Connection errors and answers of 300 or more, with what was asked. */
  errors: string[];
  /** Answers per step label and status. */
  statuses: Map<string, Map<number, number>>;
}

/**
 * `connections` keep-alive clients, each going round `steps` until `seconds` have passed. Unlike a load
 * tool that cuts connections at the deadline, every request sent is also answered before this returns,
 * so the server's state can be reconciled exactly with the answers counted.
 */
export async function runLoad(
  port: number,
  headers: Record<string, string>,
  steps: Step[],
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const errors: string[] = [];
  const statuses = new Map<string, Map<number, number>>();
  const started = performance.now();
  const deadline = started + seconds * 1_000;

  const send = (step: Step) =>
    new Promise<void>((resolve) => {
      const sent = step.make();
      const { path } = sent;
      const payload = sent.body === undefined ? undefined : JSON.stringify(sent.body);
      const sentAt = performance.now();
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: step.method,
        path,
        agent,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          latencies.push(performance.now() - sentAt);
          const status = res.statusCode ?? 0;
          const byStatus = statuses.get(step.label) ?? new Map<number, number>();
          byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
          statuses.set(step.label, byStatus);
          step.answered?.(status, sent, text);
          if (status >= 300) errors.push(`${step.method} ${path} → ${status} ${text.slice(0, 200)}`);
          resolve();
        });
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        errors.push(`${step.method} ${path} → ${e.code ?? e.message}`);
        resolve();
      });
      req.end(payload);
    });

  await Promise.all(
    Array.from({ length: connections }, async (_, n) => {
      for (let i = n; performance.now() < deadline; i++) await send(steps[i % steps.length] as Step);
    }),
  );
  const elapsed = (performance.now() - started) / 1_000;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    p99: sorted.length ? (sorted[Math.ceil(sorted.length * 0.99) - 1] ?? 0) : 0,
    errors,
    statuses,
  };
}
