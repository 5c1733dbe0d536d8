import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Album } from '../../../contract/albums';
import type { Genre } from '../../../contract/genres';
import type {
  AudioUploadResponse,
  BatchSongsResponse,
  ExtractMetadataResponse,
} from '../../../contract/media';
import { foldForSearch } from '../../../contract/search-fold';
import type { Song } from '../../../contract/songs';
import { api } from '../../lib/api';
import { fetchList } from '../../lib/use-list-query';
import type { AlbumChoice, GenreChoice, QueueItem } from './queue';
import { songPayload } from './queue';
import { type UploadCallbacks, xhrUpload } from './xhr-upload';

const ALBUMS_PATH = '/api/albums';
const GENRES_PATH = '/api/genres';
/** Options a picker shows for what was typed; the server searches, the browser never lists all. */
export const PICKER_LIMIT = 20;

export const albumChoice = (album: Album): AlbumChoice => ({
  id: album.id,
  title: album.title,
  artistName: album.artistName || album.primaryArtistName || '',
  coverArt: album.coverArt,
});
const genreChoice = (genre: Genre): GenreChoice => ({ id: genre.id, name: genre.name });

/** Albums whose title or artist matches `q` (all albums, newest first, while `q` is empty). */
export function useAlbumSearch(q: string, enabled: boolean) {
  const params = { q, sort: q ? 'title' : 'newest', limit: PICKER_LIMIT };
  return useQuery({
    queryKey: [ALBUMS_PATH, 'list', params],
    queryFn: ({ signal }) => fetchList<Album>(ALBUMS_PATH, params, signal),
    select: (page) => page.rows.map(albumChoice),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useGenreSearch(q: string, enabled: boolean) {
  const params = { q, sort: 'name', limit: PICKER_LIMIT };
  return useQuery({
    queryKey: [GENRES_PATH, 'list', params],
    queryFn: ({ signal }) => fetchList<Genre>(GENRES_PATH, params, signal),
    select: (page) => page.rows.map(genreChoice),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && foldForSearch(a) === foldForSearch(b));

/**
 * The album a file's tags name, when the catalogue has it: an album of that title (by that artist
 * when the tags name one), else the only album of the tagged artist. Two small searches at most.
 */
export async function albumForTags(tags: Pick<ExtractMetadataResponse, 'album' | 'artist'>) {
  if (tags.album) {
    const { rows } = await fetchList<Album>(ALBUMS_PATH, { q: tags.album, limit: PICKER_LIMIT });
    const titled = rows.filter((a) => same(a.title, tags.album));
    const match = titled.find(
      (a) => same(a.artistName, tags.artist) || same(a.primaryArtistName, tags.artist),
    );
    if (match ?? titled[0]) return albumChoice((match ?? titled[0]) as Album);
  }
  if (tags.artist) {
    const { rows } = await fetchList<Album>(ALBUMS_PATH, { q: tags.artist, limit: PICKER_LIMIT });
    const byArtist = rows.filter(
      (a) => same(a.artistName, tags.artist) || same(a.primaryArtistName, tags.artist),
    );
    if (byArtist.length === 1) return albumChoice(byArtist[0] as Album);
  }
  return null;
}

/** POST /api/extract-metadata: tags, duration, embedded cover and a duplicate, without storing. */
export function extractMetadata(file: File, signal: AbortSignal) {
  return xhrUpload<ExtractMetadataResponse>('/api/extract-metadata', 'audio', file, {
    signal,
    onProgress: () => undefined,
    onSent: () => undefined,
  });
}

/** POST /api/upload/audio with real progress. */
export function uploadAudio(file: File, callbacks: UploadCallbacks) {
  return xhrUpload<AudioUploadResponse>('/api/upload/audio', 'audio', file, callbacks);
}

/** The song a duplicate warning names. */
export function useSongTitle(id: number | null) {
  return useQuery({
    queryKey: ['/api/songs', 'detail', id],
    queryFn: ({ signal }) => api.get<Song>(`/api/songs/${id}`, signal),
    enabled: id !== null,
    select: (song) => `${song.title} (${song.albumTitle})`,
    staleTime: 60_000,
  });
}

export function saveBatch(items: QueueItem[]) {
  return api.post<BatchSongsResponse>('/api/upload/batch-songs', {
    songs: items.map((item) => ({ ...songPayload(item), likesCount: 0, downloadsCount: 0 })),
  });
}

export function saveOne(item: QueueItem) {
  return api.post<Song>('/api/songs', songPayload(item));
}

/** After songs were saved: song lists, album track counts, artists and the dashboard change. */
export function useInvalidateAfterSave() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['/api/songs', ALBUMS_PATH, '/api/artists', '/api/analytics/dashboard'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}
