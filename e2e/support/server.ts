import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = path.join(PROJECT_ROOT, 'dist/server/main.js');
const WEB_INDEX = path.join(PROJECT_ROOT, 'dist/web/index.html');
const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  admin: { username: string; password: string };
  /** The server's database (`sqlite:<path>`), for fixtures the API cannot create (see db.ts). */
  databaseUrl: string;
  stop: () => Promise<void>;
}

/** Asks the OS for a free port: listen on 0, read it, close. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function randomPassword(): string {
  return randomBytes(12).toString('base64url').slice(0, 16);
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface StartOptions {
  /** Fill the database with the demo catalogue (`npm run seed:demo -- --songs n`) before starting. */
  seedSongs?: number;
}

function seedDemo(databaseUrl: string, dataDir: string, songs: number): void {
  const tsx = path.join(PROJECT_ROOT, 'node_modules/.bin/tsx');
  const result = spawnSync(tsx, ['scripts/seed-demo.ts', '--songs', String(songs)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout}\n${result.stderr}`);
}

/** Starts the built server (dist/server/main.js) on a free port with its own database and data folder. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(WEB_INDEX)) {
    throw new Error('dist/server/main.js or dist/web/index.html is missing: run `npm run build` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nazenk-e2e-'));
  const databaseUrl = `sqlite:${path.join(dataDir, 'e2e.db')}`;
  if (options.seedSongs) {
    try {
      seedDemo(databaseUrl, dataDir, options.seedSongs);
    } catch (err) {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const port = await freePort();
  const admin = { username: 'admin', password: randomPassword() };
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => log);
  } catch (err) {
    await cleanUp();
    throw err;
  }
  return { url, admin, databaseUrl, stop: cleanUp };
}
