// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Album } from '../../../contract/albums';
import { AlbumFormDialog } from './album-form-dialog';
import { toAlbumInput } from './album-form-values';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const ARTISTS = [
  { id: 1, name: 'نازنین بلوچ', country: 'Pakistan' },
  { id: 2, name: 'Akhtar Chanal', country: 'Pakistan' },
  { id: 3, name: 'Noor Bibi', country: null },
  { id: 4, name: 'Sabz Ali', country: 'Iran' },
  { id: 5, name: 'Ustad Faiz', country: null },
  { id: 6, name: 'Mehrab', country: null },
  { id: 7, name: 'Shaheen', country: null },
  { id: 8, name: 'Zubaida', country: null },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[];
let saveStatus: number;

function stubServer() {
  calls = [];
  saveStatus = 201;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ method, url, body });
      const path = new URL(url, 'http://localhost');
      if (path.pathname === '/api/genres') {
        return Response.json([{ id: 9, name: 'Folk' }], { headers: { 'X-Total-Count': '1' } });
      }
      if (path.pathname === '/api/artists') {
        const limit = Number(path.searchParams.get('limit') ?? 100);
        const rows = ARTISTS.slice(0, limit);
        return Response.json(rows, { headers: { 'X-Total-Count': String(ARTISTS.length) } });
      }
      if (path.pathname.startsWith('/api/albums') && method !== 'GET') {
        if (saveStatus >= 400) {
          return Response.json(
            { error: 'Database unavailable', code: 'INTERNAL_ERROR' },
            { status: saveStatus },
          );
        }
        return Response.json({ id: 77 }, { status: saveStatus });
      }
      return Response.json([]);
    }),
  );
}

beforeAll(() => {
  // Radix Select measures and scrolls; jsdom has neither.
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});

beforeEach(() => {
  stubServer();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(album: Album | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AlbumFormDialog open album={album} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange, dialog: screen.getByRole('dialog') };
}

const saves = () => calls.filter((c) => c.url.startsWith('/api/albums') && c.method !== 'GET');

function chooseAlbumType(dialog: HTMLElement, label: 'Single Artist' | 'Collaboration') {
  fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Album Type' }), { key: 'Enter' });
  fireEvent.click(screen.getByRole('option', { name: label }));
}

async function pickArtist(input: HTMLElement, name: string) {
  fireEvent.focus(input);
  const option = await screen.findByRole('option', { name: new RegExp(name) });
  fireEvent.mouseDown(option);
}

describe('album form validation', () => {
  it('asks for a title and a primary artist, with the spec messages, and sends nothing', async () => {
    const { dialog } = renderForm();
    fireEvent.change(within(dialog).getByLabelText(/Album Title/), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Album' }));
    await within(dialog).findByText('Album title is required');
    expect(within(dialog).getByText('Primary artist is required for single albums')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Album Title/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(saves()).toEqual([]);
  });

  it('asks for at least one artist on a collaboration', async () => {
    const { dialog } = renderForm();
    chooseAlbumType(dialog, 'Collaboration');
    fireEvent.change(within(dialog).getByLabelText(/Album Title/), { target: { value: 'Duet' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Album' }));
    await within(dialog).findByText('At least one artist is required for collaboration albums');
    expect(within(dialog).queryByText('Primary artist is required for single albums')).toBeNull();
    expect(saves()).toEqual([]);
  });

  it('creates a single with empty optional fields sent as null', async () => {
    const { dialog, onOpenChange } = renderForm();
    fireEvent.change(within(dialog).getByLabelText(/Album Title/), { target: { value: '  Sahar  ' } });
    await pickArtist(within(dialog).getByLabelText(/Primary Artist/), 'نازنین بلوچ');
    expect((within(dialog).getByLabelText(/Primary Artist/) as HTMLInputElement).value).toBe('نازنین بلوچ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Album' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Album created successfully!'));
    expect(saves()).toEqual([
      {
        method: 'POST',
        url: '/api/albums',
        body: {
          title: 'Sahar',
          albumType: 'single',
          primaryArtistId: 1,
          selectedArtists: [],
          genreId: null,
          releaseDate: null,
          description: null,
          coverArt: null,
        },
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('suggests at most 5 collaborators not yet chosen, and sends no primary artist', async () => {
    const { dialog } = renderForm();
    chooseAlbumType(dialog, 'Collaboration');
    const search = within(dialog).getByLabelText(/Collaborating Artists/);
    fireEvent.focus(search);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    fireEvent.mouseDown(screen.getByRole('option', { name: /Akhtar Chanal/ }));
    fireEvent.focus(search);
    await waitFor(() => {
      const names = screen.getAllByRole('option').map((o) => o.textContent);
      expect(names).toHaveLength(5);
      expect(names.join()).not.toContain('Akhtar Chanal');
    });
    fireEvent.mouseDown(screen.getByRole('option', { name: /Noor Bibi/ }));
    const chosen = within(dialog).getByRole('list', { name: 'Selected artists' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Akhtar Chanal', 'Noor Bibi']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Noor Bibi' }));
    fireEvent.change(within(dialog).getByLabelText(/Album Title/), { target: { value: 'Together' } });
    fireEvent.change(within(dialog).getByLabelText('Release Date'), { target: { value: '2024-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Album' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({
      albumType: 'collaboration',
      primaryArtistId: null,
      selectedArtists: [2],
      releaseDate: '2024-03-01',
    });
  });

  it('refuses a cover over 5MB with the spec toast', () => {
    const { dialog } = renderForm();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'cover.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Cover image'), { target: { files: [big] } });
    expect(toast.error).toHaveBeenCalledWith('File too large', {
      description: 'Please select an image smaller than 5MB.',
    });
    expect(within(dialog).getByRole('button', { name: 'Upload Image' })).toBeTruthy();
  });

  it('keeps what was typed when the save fails', async () => {
    saveStatus = 500;
    const { dialog, onOpenChange } = renderForm();
    fireEvent.change(within(dialog).getByLabelText(/Album Title/), { target: { value: 'Shabe' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Night songs' } });
    await pickArtist(within(dialog).getByLabelText(/Primary Artist/), 'Sabz Ali');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Album' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to save album', {
        description: 'Database unavailable',
      }),
    );
    expect((within(dialog).getByLabelText(/Album Title/) as HTMLInputElement).value).toBe('Shabe');
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Night songs');
    expect((within(dialog).getByLabelText(/Primary Artist/) as HTMLInputElement).value).toBe('Sabz Ali');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('toAlbumInput', () => {
  it('clears the primary artist of a collaboration and the collaborators of a single', () => {
    const base = {
      title: 'A',
      primaryArtist: { id: 1, name: 'X' },
      collaborators: [{ id: 2, name: 'Y' }],
      genreId: '9',
      releaseDate: '',
      description: ' ',
    };
    expect(toAlbumInput({ ...base, albumType: 'single' })).toMatchObject({
      primaryArtistId: 1,
      selectedArtists: [],
      genreId: 9,
      releaseDate: null,
      description: null,
      coverArt: null,
    });
    expect(toAlbumInput({ ...base, albumType: 'collaboration' }, '/media/c.png')).toMatchObject({
      primaryArtistId: null,
      selectedArtists: [2],
      coverArt: '/media/c.png',
    });
  });
});
