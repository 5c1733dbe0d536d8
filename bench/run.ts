// npm run bench: the catalogue benchmark, then the media benchmark when there is one (bench/media.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runCatalogueBench } from './catalogue';

async function runMediaBench(): Promise<void> {
  const media = path.join(import.meta.dirname, 'media.ts');
  if (!existsSync(media)) return;
  console.log('\n[bench] media benchmark (bench/media.ts)...');
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', media], { stdio: 'inherit' });
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`bench/media.ts exited with ${code}`);
}

async function main() {
  await runCatalogueBench();
  await runMediaBench();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
