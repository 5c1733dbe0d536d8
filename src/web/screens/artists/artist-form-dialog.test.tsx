// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Artist } from '../../../contract/artists';
import { createQueryClient } from '../../lib/query-client';
import { ArtistFormDialog, IMAGE_UPLOAD_FAILED, SAVE_FAILED } from './artist-form-dialog';

const saved: Artist = {
  id: 5,
  name: 'علی بلوچ',
  country: 'ایران',
  bio: null,
  avatar: '/media/images/artists/old.png',
  verified: false,
  albumCount: 0,
  songCount: 0,
  followersCount: 0,
  monthlyListeners: 0,
  totalStreams: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

type Handler = (url: string, init: RequestInit) => Response;
let calls: Array<{ url: string; method: string; body: unknown }>;
let alertMock: ReturnType<typeof vi.fn>;

function stubServer(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ url, method: init.method ?? 'GET', body });
      return handler(url, init);
    }),
  );
}

const bodyOf = (index: number) => calls[index]?.body as { avatar?: unknown; get?: (k: string) => unknown };

function renderForm(artist: Artist | null, onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ArtistFormDialog open artist={artist} onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

beforeEach(() => {
  calls = [];
  alertMock = vi.fn();
  vi.stubGlobal('alert', alertMock);
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ArtistFormDialog', () => {
  it('requires a name before calling the server', async () => {
    stubServer(() => Response.json({}));
    renderForm(null);
    fireEvent.click(screen.getByRole('button', { name: 'Create Artist' }));
    expect(await screen.findByText('Artist name is required')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('uploads the avatar, then creates the artist with its URL and empty fields as null', async () => {
    stubServer((url) =>
      url.endsWith('/upload-image')
        ? Response.json({ imageUrl: '/media/images/artists/new.png' }, { status: 201 })
        : Response.json({ ...saved, id: 6 }, { status: 201 }),
    );
    const onOpenChange = renderForm(null);
    fireEvent.change(field('Name'), { target: { value: '  Sabzal  ' } });
    fireEvent.change(screen.getByLabelText('Avatar image'), {
      target: { files: [new File([new Uint8Array(4)], 'a.png', { type: 'image/png' })] },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verified artist' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Artist' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/artists/upload-image',
      'POST /api/artists',
    ]);
    expect((bodyOf(0) as unknown as FormData).get('image')).toBeInstanceOf(File);
    expect(calls[1]?.body).toEqual({
      name: 'Sabzal',
      country: null,
      bio: null,
      verified: true,
      avatar: '/media/images/artists/new.png',
    });
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('alerts when the upload fails and still creates the artist without image', async () => {
    stubServer((url) =>
      url.endsWith('/upload-image')
        ? new Response('', { status: 500 })
        : Response.json({ ...saved, id: 7 }, { status: 201 }),
    );
    const onOpenChange = renderForm(null);
    fireEvent.change(field('Name'), { target: { value: 'Sabzal' } });
    fireEvent.change(screen.getByLabelText('Avatar image'), {
      target: { files: [new File([new Uint8Array(4)], 'a.png', { type: 'image/png' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Artist' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(alertMock).toHaveBeenCalledWith(IMAGE_UPLOAD_FAILED);
    expect(bodyOf(1).avatar).toBeNull();
  });

  it('alerts on a failed save and keeps what was typed', async () => {
    stubServer(() => Response.json({ error: 'boom', code: 'INTERNAL_ERROR' }, { status: 500 }));
    const onOpenChange = renderForm(saved);
    expect(screen.getByRole('heading', { name: 'Edit Artist' })).toBeTruthy();
    expect(field('Name').value).toBe('علی بلوچ');
    fireEvent.change(field('Bio'), { target: { value: 'Singer from Saravan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Artist' }));
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith(SAVE_FAILED));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/artists/5' });
    expect(bodyOf(0).avatar).toBe('/media/images/artists/old.png');
    expect(field('Bio').value).toBe('Singer from Saravan');
    expect(field('Country').value).toBe('ایران');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
