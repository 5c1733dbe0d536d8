// `npm start`: builds the web app and the server bundle when missing or older than src/, then serves.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = {
  web: path.join(root, 'dist/web/index.html'),
  server: path.join(root, 'dist/server/main.js'),
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = newestMtime(path.join(root, 'src'));
const stale = (file) => !existsSync(file) || statSync(file).mtimeMs < sourcesChanged;

for (const [part, file] of Object.entries(outputs)) {
  if (!stale(file)) continue;
  console.log(`Building the ${part} (${existsSync(file) ? 'sources changed' : 'not built yet'})…`);
  const result = spawnSync('npm', ['run', '-s', `build:${part}`], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(outputs.server).href);
