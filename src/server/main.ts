import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFirstAdmin } from './admins/bootstrap';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { appUserRateLimitsFrom } from './http/rate-limit';

/** dist/web beside the bundled server (dist/server/main.js), or the project's dist/web under tsx. */
function findWebDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

/** How long a stop waits for requests in flight (large uploads included) before cutting them. */
const SHUTDOWN_TIMEOUT_MS = 30_000;
const IDLE_CLOSE_AFTER_MS = 1000;

async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database, { counters: { refreshMs: config.counterRefreshMs } });
  await migrateToLatest(database);
  const created = await ensureFirstAdmin(database.db, {
    username: config.adminUsername,
    password: config.adminPassword,
  });
  if (created?.generatedPassword) {
    console.log(
      `First admin created. Username: ${created.username}  Password: ${created.generatedPassword}\n` +
        'This password is shown once; change it with: npm run admin -- reset-password admin',
    );
  }
  const webDir = findWebDir();
  const app = await buildApp({
    database,
    config,
    appUserRateLimits: appUserRateLimitsFrom(config),
    ...(webDir ? { webDir } : {}),
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });
  if (!webDir) app.log.warn('No built web app found (run npm run build); serving the API only');

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections; finishing the requests in flight');
    // Past the timeout, the connections still open (a stalled upload) are cut so the process can exit.
    const force = setTimeout(() => {
      app.log.warn({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'requests still running at the shutdown timeout; cut');
      app.server.closeAllConnections();
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Connections accepted just before the stop may not have sent their request yet; once they had time
    // to, the idle ones (kept alive between requests) are closed so the process does not wait for them.
    const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_CLOSE_AFTER_MS);
    idle.unref();
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(force);
    clearInterval(idle);
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
