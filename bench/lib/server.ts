import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Built beside node_modules so the bundle's external packages resolve; never touches dist/. */
const BUNDLE = path.join(ROOT, 'node_modules/.cache/nazenk-bench/main.js');

export interface RunningServer {
  url: string;
  /** The server process's id (for reading its memory). */
  pid: number;
  stop(): Promise<void>;
  /** Event-loop delay of the process, when started with `probeLoopDelay`. */
  loopDelay?: LoopDelayProbe;
}

export interface LoopDelayProbe {
  reset(): void;
  /** p99 and max event-loop delay in ms since the last reset. */
  read(): Promise<{ p99: number; max: number }>;
}

const LOOP_DELAY_PRELOAD = path.join(ROOT, 'bench/lib/loop-delay.mjs');

/** Bundles the server with the project's own build script, into a private file. */
export async function buildServer(): Promise<string> {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), BUNDLE], {
    cwd: ROOT,
  });
  return BUNDLE;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts a Node program as a child process on a free port and waits until `readyPath` answers. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  logFile: string,
  readyPath: string,
  options: { probeLoopDelay?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  // The log file itself, not a pipe through this (busy) process: a full pipe would stall the server.
  const log = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    options.probeLoopDelay ? ['--import', LOOP_DELAY_PRELOAD, ...args] : args,
    {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: options.probeLoopDelay ? ['ignore', log, log, 'ipc'] : ['ignore', log, log],
    },
  );
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${url}${readyPath}`, logFile);
  return {
    url,
    pid: child.pid as number,
    stop: () => stop(child),
    ...(options.probeLoopDelay ? { loopDelay: probe(child) } : {}),
  };
}

function probe(child: ChildProcess): LoopDelayProbe {
  return {
    reset: () => child.send('loop-delay:reset'),
    read: () =>
      new Promise((resolve) => {
        const onMessage = (message: unknown) => {
          const delay = (message as { loopDelay?: { p99: number; max: number } }).loopDelay;
          if (!delay) return;
          child.off('message', onMessage);
          resolve(delay);
        };
        child.on('message', onMessage);
        child.send('loop-delay:read');
      }),
  };
}

async function waitUntilReady(child: ChildProcess, url: string, logFile: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer ${url} within 60 s; see ${logFile}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Signs `admin` in and answers the session cookie (`name=value`) to send with admin calls. */
export async function signIn(url: string, admin: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('nazenk_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0] as string;
}

/** The ceiling: a bare Fastify route answering a small JSON object, in its own process too. */
export function startHelloWorld(logFile: string): Promise<RunningServer> {
  const program = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
    process.once('SIGTERM', () => app.close().then(() => process.exit(0)));`;
  return startProcess(['--input-type=module', '-e', program], {}, logFile, '/hello');
}
