// Upload Manager figures (issue 9): 50 files queued at once (time to show every row, longest main-thread
// task), and 10 files of 20 MB uploaded through the screen against a plain copy of the same bytes,
// with the server's peak RSS. Needs `npm run build`, ffmpeg and /usr/bin/chromium.
// Run: npx tsx bench/upload-screen.ts
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { apiClient } from '../e2e/support/api';
import { makeTaggedAudio, tempDir } from '../e2e/support/audio-files';
import { launchBrowser, newPage, signIn } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const files = tempDir();
const server = await startServer();
const browser = await launchBrowser();
try {
  const serverPid = Number(
    execFileSync('pgrep', ['-f', '-n', 'dist/server/main.js'], { encoding: 'utf8' }).trim().split('\n').pop(),
  );
  const rss = () => {
    const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  };
  const api = await apiClient(server);
  const artist = await api.post<{ id: number }>('/api/artists', { name: 'نور بی بی' });
  await api.post('/api/albums', { title: 'Coast', primaryArtistId: artist.id });
  await api.post('/api/genres', { name: 'Folk' });
  const page = await newPage(browser);
  await signIn(page, server, '/upload');

  // 50 small MP3s at once.
  const small = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      makeTaggedAudio(files.dir, {
        format: 'mp3',
        name: `s${i}.mp3`,
        title: `لیلا ${i}`,
        lyricist: 'عطا شاد',
        seconds: 2,
      }),
    ),
  );
  await page.getByRole('heading', { name: 'Upload Manager' }).waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { longest: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  const started = Date.now();
  await page.getByTestId('audio-file-input').setInputFiles(small);
  // The list is windowed (screens/upload/queue-list.tsx): the count and the first cards are shown.
  await page.getByText('Uploaded Songs (50)').waitFor();
  await page.getByRole('article', { name: 's0.mp3' }).waitFor();
  const rowsMs = Date.now() - started;
  // Tags of all 50 are read in the background: the page must stay responsive meanwhile. The last card,
  // scrolled to, shows its tags.
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      main?.scrollTo(0, main.scrollHeight);
      return document.querySelector('article[aria-label="s49.mp3"] [value="لیلا 49"]') !== null;
    },
    null,
    { timeout: 60_000, polling: 200 },
  );
  const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
  console.log(
    `50 files: list shown after ${rowsMs} ms; longest main-thread task ${Math.round(longest)} ms (tags read)`,
  );
  await page.getByRole('button', { name: 'Clear All' }).click();

  // 10 × 20 MB WAV through the screen, 3 at a time, against copying the same bytes.
  const big = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      makeTaggedAudio(files.dir, {
        format: 'wav',
        name: `b${i}.wav`,
        title: `بزرگ ${i}`,
        lyricist: '',
        seconds: 119,
      }),
    ),
  );
  const copyStart = performance.now();
  for (const file of big) copyFileSync(file, `${file}.copy`);
  const copyMs = performance.now() - copyStart;
  for (const file of big) rmSync(`${file}.copy`);
  const before = rss();
  await page.getByTestId('audio-file-input').setInputFiles(big);
  await page
    .getByRole('textbox', { name: 'Title' })
    .nth(9)
    .and(page.locator('[value="بزرگ 9"]'))
    .waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Bulk Settings' }).click();
  await page.getByRole('combobox', { name: 'Default Album' }).fill('Coa');
  await page.getByRole('option', { name: 'Coast - نور بی بی' }).click();
  await page.getByRole('combobox', { name: 'Default Genre' }).fill('Fol');
  await page.getByRole('option', { name: 'Folk' }).click();
  await page.getByRole('button', { name: 'Apply to All' }).click();
  const uploadStart = performance.now();
  await page.getByRole('button', { name: 'Upload All' }).click();
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: '10 succeeded, 0 failed' })
    .waitFor({ timeout: 300_000 });
  const uploadMs = performance.now() - uploadStart;
  const bytes = big.reduce((sum, file) => sum + readFileSync(file).length, 0);
  const mbps = (ms: number) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);
  const after = rss();
  console.log(
    `10 × ${(bytes / 10 / 1024 / 1024).toFixed(1)} MB: upload+save ${Math.round(uploadMs)} ms (${mbps(uploadMs)} MB/s), ` +
      `plain copy ${Math.round(copyMs)} ms (${mbps(copyMs)} MB/s), ratio ${(uploadMs / copyMs).toFixed(1)}× slower`,
  );
  console.log(
    `server RSS: ${before.rssMb} MB before, ${after.rssMb} MB after; peak since start ${after.peakMb} MB`,
  );
  console.log(path.basename(files.dir));
} finally {
  await browser.close();
  await server.stop();
  files.cleanup();
}
