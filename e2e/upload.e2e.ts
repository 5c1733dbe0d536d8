import { readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '../src/contract/albums';
import type { Artist } from '../src/contract/artists';
import type { Genre } from '../src/contract/genres';
import type { Song } from '../src/contract/songs';
import type { ApiClient } from './support/api';
import { makeTaggedAudio, type TaggedAudio, tempDir } from './support/audio-files';
import { cuttableProxy } from './support/cuttable-proxy';
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

/** Clicks and answers the alert that follows, resolving with its text (the alert blocks the page). */
async function acceptAlertOf(button: ReturnType<Page['locator']>): Promise<string> {
  const message = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await button.click();
  return message;
}

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
    expect(await acceptAlertOf(page.getByRole('button', { name: 'Save to Database' }))).toBe(
      '1 songs saved to database successfully!',
    );
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

  it('says per item what went wrong with bad input, saves the rest, and leaves no orphan file', async () => {
    const album = await api.post<Album>('/api/albums', {
      title: 'ورنا',
      primaryArtistId: sahar.primaryArtistId,
    });
    const good: TaggedAudio[] = [
      { format: 'flac', name: 'ok.flac', title: 'ماہ گُل', lyricist: 'عطا شاد', seconds: 4 },
      { format: 'mp3', name: 'ok.mp3', title: 'زہیروک', lyricist: 'کریم دشتی', seconds: 4 },
      { format: 'wav', name: 'nogenre.wav', title: 'بی ژانر', lyricist: '', seconds: 2 },
      { format: 'wav', name: 'drop.wav', title: 'شپ', lyricist: '', seconds: 40 },
    ];
    await Promise.all(good.map((audio) => makeTaggedAudio(files.dir, audio)));
    const mp3 = readFileSync(path.join(files.dir, 'ok.mp3'));
    // Bad files with audio names (the browser types them by extension, so they pass the audio/ check).
    const bad = (name: string, bytes: Buffer | number) => {
      const at = path.join(files.dir, name);
      if (typeof bytes === 'number') truncateSync(at, bytes);
      else writeFileSync(at, bytes);
      return at;
    };
    writeFileSync(path.join(files.dir, 'huge.wav'), '');
    const before = stored();

    // Through a relay the test can cut: a real connection loss, not a paused request.
    const proxy = await cuttableProxy(server.url);
    await page.goto(`${proxy.url}/upload`);
    await page.getByText('No songs uploaded').waitFor();
    await page
      .getByTestId('audio-file-input')
      .setInputFiles([
        bad('fake.mp3', Buffer.from('just text with an audio name\n'.repeat(40))),
        bad('empty.wav', Buffer.alloc(0)),
        bad('cut.mp3', mp3.subarray(0, 40)),
        bad('huge.wav', 50 * 1024 * 1024 + 1),
        ...good.map((audio) => path.join(files.dir, audio.name)),
      ]);
    await page.getByText('Uploaded Songs (8)').waitFor();
    await page.getByRole('button', { name: 'Bulk Settings' }).click();
    await pick('Default Album', page, 'ورنا', 'ورنا - نازنین بلوچ');
    await pick('Default Genre', page, 'Zah', 'Zahirok');
    await page.getByRole('button', { name: 'Apply to All' }).click();
    await item('nogenre.wav').getByRole('combobox', { name: 'Genre' }).fill('');

    await watchUploads();
    await throttle(1024 * 1024);
    await page.getByRole('button', { name: 'Upload All' }).click();
    // The network drops while the long file is on the wire alone.
    await expect
      .poll(async () => ({
        progress: Number(
          await item('drop.wav')
            .getByRole('progressbar')
            .getAttribute('aria-valuenow')
            .catch(() => 0),
        ),
        others: await page.locator('article[data-status="uploading"]').count(),
      }))
      .toMatchObject({ progress: expect.any(Number), others: 1 });
    await expect
      .poll(async () => Number(await item('drop.wav').getByRole('progressbar').getAttribute('aria-valuenow')))
      .toBeGreaterThan(5);
    proxy.cut();
    // The dropped file fails; the batch save of the two good ones, sent while the network is down,
    // fails too and leaves them uploaded for "Save to Database".
    await toast('Upload process failed').waitFor({ timeout: 30_000 });
    proxy.restore();
    await throttle(null);

    const errors: Record<string, string> = {
      'fake.mp3': 'Only MP3, WAV, FLAC, AAC/M4A and OGG audio files are allowed',
      'empty.wav': 'The file is empty',
      'cut.mp3': 'The audio file is damaged or contains no audio',
      'huge.wav': 'File too large (max 50 MB)',
      'nogenre.wav': 'Genre is required',
      'drop.wav': 'Network error: the connection was lost during the upload',
    };
    for (const [name, message] of Object.entries(errors)) {
      await expect(item(name).getByRole('alert').textContent(), name).resolves.toBe(message);
      await expect(status(name).textContent()).resolves.toBe('failed');
    }
    for (const name of ['ok.flac', 'ok.mp3'])
      await expect(status(name).textContent()).resolves.toBe('uploaded');
    expect(await acceptAlertOf(page.getByRole('button', { name: 'Save to Database' }))).toBe(
      '2 songs saved to database successfully!',
    );
    // The two good ones were saved and leave the list; nothing half-stored remains on the server.
    await page.getByText('Uploaded Songs (6)').waitFor();
    const saved = await api.get<Song[]>(`/api/songs?albumId=${album.id}&limit=100`);
    expect(saved.map((s) => s.title).sort()).toEqual(['زہیروک', 'ماہ گُل'].sort());
    await expect.poll(stored).toEqual({ audio: before.audio + 2, partial: 0 });

    // Back online, the dropped file alone is retried and saved directly.
    await item('drop.wav').getByRole('button', { name: 'Retry drop.wav' }).click();
    await expect.poll(() => status('drop.wav').textContent(), { timeout: 20_000 }).toBe('uploaded');
    expect(await acceptAlertOf(page.getByRole('button', { name: 'Save to Database' }))).toBe(
      '1 songs saved to database successfully!',
    );
    await page.getByText('Uploaded Songs (5)').waitFor();
    expect((await api.get<Song[]>(`/api/songs?albumId=${album.id}&limit=100`)).length).toBe(3);
    await expect.poll(stored).toEqual({ audio: before.audio + 3, partial: 0 });
    await proxy.close();
  }, 180_000);

  it('windows a long queue: only the cards near the view are in the page, each one reachable by scrolling', async () => {
    await page.goto(`${server.url}/upload`);
    await page.getByText('No songs uploaded').waitFor();
    // Thirty files: the twelve again under new names (the tags travel in the bytes).
    const many = Array.from({ length: 30 }, (_, i) => {
      const audio = TWELVE[i % 12] as TaggedAudio;
      return {
        name: `many-${String(i + 1).padStart(2, '0')}.${audio.format}`,
        mimeType: MIME[audio.format],
        buffer: readFileSync(path.join(files.dir, audio.name)),
      };
    });
    await page.getByTestId('audio-file-input').setInputFiles(many);
    await page.getByText('Uploaded Songs (30)').waitFor();
    await item('many-01.wav').waitFor();
    const inPage = await page.locator('article').count();
    expect(inPage).toBeGreaterThan(0);
    expect(inPage).toBeLessThan(30);

    const last = item('many-30.mp3');
    await expect
      .poll(async () => {
        await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
        return last.count();
      })
      .toBe(1);
    await expect.poll(() => last.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('لیلا جان 6');
    await last.getByRole('textbox', { name: 'Title' }).fill('آخری');
    expect(await item('many-01.wav').count()).toBe(0);
    // Back at the top and down again, the edit is kept (it lives in the queue, not in the card).
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await item('many-01.wav').waitFor();
    await expect
      .poll(async () => {
        await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
        return last.count();
      })
      .toBe(1);
    expect(await last.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('آخری');
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByText('No songs uploaded').waitFor();
  }, 120_000);
});
