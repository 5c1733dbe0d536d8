import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts src/server/main.ts in its own process (as `npm start` would) and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // The tail is enough to explain a failure; a long run under load logs megabytes.
      output = (output + chunk.toString()).slice(-200_000);
      if (output.includes('Server listening at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  return { child, exited, output: () => output };
}

export type Outcome = { status: number; body: string; headers: http.IncomingHttpHeaders } | { error: string };

/** One request on its own connection (no keep-alive), so a refused connection means "never accepted". */
export function request(
  port: number,
  method: string,
  url: string,
  options: { body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method,
      path: url,
      agent: false,
      headers: options.headers,
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(options.body);
  });
}

/** Signs the admin in on a server process and answers the session cookie (`name=value`). */
export async function signInCookie(port: number, username: string, password: string): Promise<string> {
  const login = await request(port, 'POST', '/api/auth/login', {
    body: JSON.stringify({ username, password }),
    headers: { 'content-type': 'application/json' },
  });
  if (!('status' in login) || login.status !== 200) throw new Error(`login: ${JSON.stringify(login)}`);
  const cookie = login.headers['set-cookie']?.find((c) => c.startsWith('nazenk_session='));
  if (!cookie) throw new Error('login answered no session cookie');
  return cookie.split(';')[0] ?? '';
}
