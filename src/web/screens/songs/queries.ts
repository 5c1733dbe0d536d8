import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SONG_LANGUAGES, SONG_SORTS, SONG_STATUSES, Song } from '../../../contract/songs';
import { ApiError, api, NetworkError } from '../../lib/api';
import { useListQuery } from '../../lib/use-list-query';

export const SONGS_PATH = '/api/songs';
export const SONGS_PAGE_SIZE = 50;

export type SongSort = (typeof SONG_SORTS)[number];
export type SongLanguage = (typeof SONG_LANGUAGES)[number];
export type SongStatus = (typeof SONG_STATUSES)[number];

export interface SongFilters {
  q: string;
  language: SongLanguage | null;
  status: SongStatus | null;
  sort: SongSort;
}

export const defaultSongFilters: SongFilters = { q: '', language: null, status: null, sort: 'newest' };

/** One page of songs; searching, filtering and sorting all happen on the server. */
export function useSongs(filters: SongFilters, page: number) {
  return useListQuery<Song>(SONGS_PATH, {
    q: filters.q,
    language: filters.language,
    status: filters.status,
    sort: filters.sort,
    limit: SONGS_PAGE_SIZE,
    offset: page * SONGS_PAGE_SIZE,
  });
}

/** After a delete the song lists, album track counts, artist pages and the dashboard are refetched. */
export function useDeleteSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${SONGS_PATH}/${id}`),
    onSuccess: () =>
      Promise.all(
        [SONGS_PATH, '/api/albums', '/api/artists', '/api/analytics/dashboard'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8, percent-encoded) first,
 * then `filename`, else `fallback`.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"(.*)"$/, '$1'));
      if (name) return name;
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  return name || fallback;
}

/** Saves a blob under `name` through a temporary object URL and a download link. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/songs/:id/download and save the file with the server's name (the title + .mp3 if none). */
export async function downloadSong(song: Pick<Song, 'id' | 'title'>): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${SONGS_PATH}/${song.id}/download`, { credentials: 'same-origin' });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError(response.status, response.statusText, body && typeof body === 'object' ? body : {});
  }
  const name = filenameFromDisposition(response.headers.get('Content-Disposition'), `${song.title}.mp3`);
  saveBlob(await response.blob(), name);
  return name;
}

export function useDownloadSong() {
  return useMutation({ mutationFn: downloadSong });
}
