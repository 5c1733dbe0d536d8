import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '../src/contract/albums';
import type { Artist } from '../src/contract/artists';
import type { Genre } from '../src/contract/genres';
import type { Song } from '../src/contract/songs';
import type { ApiClient } from './support/api';
import { makeTaggedAudio, type TaggedAudio, tempDir } from './support/audio-files';
import { endJourney, startJourney } from './support/journey';
import type { TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ApiClient;
let cdp: CDPSession;
const files = tempDir();
let sahar: Album;
let coast: Album;

/** Twelve real files in three formats, Arabic-script titles and lyricists in their tags. */
const TWELVE: TaggedAudio[] = Array.from({ length: 12 }, (_, i) => {
  const format = (['wav', 'flac', 'mp3'] as const)[i % 3] ?? 'wav';
  return {
    format,
    name: `track-${String(i + 1).padStart(2, '0')}.${format}`,
    title: `لیلا جان ${i + 1}`,
    lyricist: i % 2 ? 'کریم دشتی' : 'عطا شاد',
    // The first three name an album of the catalogue: it is pre-selected.
    ...(i < 3 ? { album: 'سحر', artist: 'نازنین بلوچ' } : {}),
    seconds: format === 'wav' ? 8 : 5,
  };
});

const MIME = { wav: 'audio/wav', flac: 'audio/flac', mp3: 'audio/mpeg' } as const;
const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const item = (name: string) => page.getByRole('article', { name });
const status = (name: string) => item(name).getByTestId('item-status');
const dataDir = () => path.dirname(server.databaseUrl.replace(/^sqlite:/, ''));
/** Audio files the server holds, and partial uploads still being written. */
const stored = () => {
  const list = (dir: string) => {
    try {
      return readdirSync(path.join(dataDir(), 'media', dir), { recursive: true, withFileTypes: true }).filter(
        (e) => e.isFile(),
      ).length;
    } catch {
      return 0;
    }
  };
  return { audio: list('audio'), partial: list('.partial') };
};

async function throttle(uploadBytesPerSecond: number | null, offline = false) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: uploadBytesPerSecond ?? -1,
  });
}

/** Records every progress value and the most uploads seen at once, from inside the page. */
async function watchUploads() {
  await page.evaluate(() => {
    const w = window as unknown as { seen: number[]; peak: number };
    w.seen = [];
    w.peak = 0;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"]'))
        w.seen.push(Number(bar.getAttribute('aria-valuenow')));
      w.peak = Math.max(w.peak, document.querySelectorAll('article[data-status="uploading"]').length);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}
const watched = () =>
  page.evaluate(() => {
    const w = window as unknown as { seen: number[]; peak: number };
    return { seen: w.seen, peak: w.peak };
  });

async function pick(
  combobox: string,
  scope: ReturnType<Page['locator']> | Page,
  text: string,
  option: string,
) {
  const box = scope.getByRole('combobox', { name: combobox });
  await box.fill(text);
  await page.getByRole('option', { name: option }).click();
}

beforeAll(async () => {
  ({ server, browser, page, api } = await startJourney());
  cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const artist = async (name: string) => (await api.post<Artist>('/api/artists', { name })).id;
  sahar = await api.post<Album>('/api/albums', {
    title: 'سحر',
    primaryArtistId: await artist('نازنین بلوچ'),
  });
  coast = await api.post<Album>('/api/albums', {
    title: 'Coast',
    primaryArtistId: await artist('نور بی بی'),
  });
  await api.post<Genre>('/api/genres', { name: 'Folk' });
  await api.post<Genre>('/api/genres', { name: 'Zahirok' });
  await Promise.all(TWELVE.map((audio) => makeTaggedAudio(files.dir, audio)));
}, 120_000);

afterAll(async () => {
  await endJourney({ server, browser, page });
  files.cleanup();
});

describe('Upload Manager', () => {
  it('queues 12 files, bulk-applies album and genre, uploads with real progress, cancels, retries, saves and plays', async () => {
    await page.getByRole('link', { name: 'Upload Manager' }).click();
    await page.getByRole('heading', { name: 'Upload Manager' }).waitFor();
    await page.getByText('No songs uploaded').waitFor();
    await page.getByText('Upload your first audio files to get started').waitFor();

    // Twelve audio files and one image: the image is refused, the audio all queued.
    await page.getByTestId('audio-file-input').setInputFiles([
      ...TWELVE.map((a) => ({
        name: a.name,
        mimeType: MIME[a.format],
        buffer: readFileSync(path.join(files.dir, a.name)),
      })),
      { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not audio') },
    ]);
    await toast('Invalid files detected: Only audio files are allowed').waitFor();
    await page.getByText('Uploaded Songs (12)').waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(12);

    // Tags pre-fill title and lyricist; the album they name is pre-selected.
    for (const audio of TWELVE) {
      await expect
        .poll(() => item(audio.name).getByLabel('Title').inputValue(), { timeout: 20_000 })
        .toBe(audio.title);
      expect(await item(audio.name).getByLabel('Lyricist').inputValue()).toBe(
        audio.format === 'wav' ? '' : audio.lyricist,
      );
    }
    await expect
      .poll(() => item('track-01.wav').getByRole('combobox', { name: 'Album' }).inputValue())
      .toBe('سحر - نازنین بلوچ');
    await item('track-01.wav').getByText('Artist: نازنین بلوچ').waitFor();
    expect(await item('track-05.flac').getByRole('combobox', { name: 'Album' }).inputValue()).toBe('');

    // Bulk settings: album and genre searched on the server as typed, then applied to every item.
    await page.getByRole('button', { name: 'Bulk Settings' }).click();
    await pick('Default Album', page, 'coa', 'Coast - نور بی بی');
    await pick('Default Genre', page, 'fol', 'Folk');
    await page.getByRole('button', { name: 'Apply to All' }).click();
    for (const audio of TWELVE) {
      expect(await item(audio.name).getByRole('combobox', { name: 'Album' }).inputValue()).toBe(
        'Coast - نور بی بی',
      );
      expect(await item(audio.name).getByRole('combobox', { name: 'Genre' }).inputValue()).toBe('Folk');
    }

    // A slow uplink makes the real progress observable; at most three files move at once.
    await watchUploads();
    await throttle(768 * 1024);
    await page.getByRole('button', { name: 'Upload All' }).click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    await expect(page.getByRole('button', { name: 'Save to Database' }).isDisabled()).resolves.toBe(true);
    // The first WAV is cancelled mid-way.
    await expect
      .poll(async () =>
        Number(await item('track-01.wav').getByRole('progressbar').getAttribute('aria-valuenow')),
      )
      .toBeGreaterThan(0);
    await item('track-01.wav').getByRole('button', { name: 'Cancel upload of track-01.wav' }).click();
    await item('track-01.wav').getByText('Upload cancelled').waitFor();
    await expect(status('track-01.wav').textContent()).resolves.toBe('failed');

    await toast('Upload completed')
      .filter({ hasText: '11 succeeded, 1 failed' })
      .waitFor({ timeout: 60_000 });
    await throttle(null);
    const { seen, peak } = await watched();
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    expect(new Set(seen.filter((v) => v > 0 && v < 100)).size).toBeGreaterThan(3);
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(3);
    // Completed items leave after 2 s; the cancelled one stays to be retried.
    await page.getByText('Uploaded Songs (1)').waitFor();

    await item('track-01.wav').getByRole('button', { name: 'Retry track-01.wav' }).click();
    await expect.poll(() => status('track-01.wav').textContent()).toBe('uploaded');
    const alert = page.waitForEvent('dialog');
    await page.getByRole('button', { name: 'Save to Database' }).click();
    const dialog = await alert;
    expect(dialog.message()).toBe('1 songs saved to database successfully!');
    await dialog.accept();
    await page.getByText('No songs uploaded').waitFor();

    // Twelve songs with their tags' titles and lyricists, each with its own stored file; no partials.
    const songs = await api.get<Song[]>(`/api/songs?albumId=${coast.id}&limit=100`);
    expect(songs.map((s) => s.title).sort()).toEqual(TWELVE.map((a) => a.title).sort());
    expect(new Set(songs.map((s) => s.audioFileUrl)).size).toBe(12);
    expect(songs.every((s) => s.genreId !== null && s.status === 'published' && (s.duration ?? 0) >= 5)).toBe(
      true,
    );
    expect(songs.find((s) => s.title === 'لیلا جان 2')?.lyricist).toBe('کریم دشتی');
    await expect.poll(stored).toEqual({ audio: 12, partial: 0 });

    // The Songs screen lists them, and one plays.
    await page.getByRole('link', { name: 'Songs' }).click();
    await page.getByRole('searchbox', { name: 'Search songs' }).fill('لیلا جان 7');
    await page.getByRole('button', { name: 'Play لیلا جان 7' }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('preview-audio')
          .evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0),
      )
      .toBe(true);
    expect(sahar.id).toBeGreaterThan(0);
  }, 180_000);
});
