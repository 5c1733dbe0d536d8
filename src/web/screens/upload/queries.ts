import { useQueryClient } from '@tanstack/react-query';
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
import { fetchList } from '../../lib/list-fetch';
import { invalidateAfterWrite, useItem, useList } from '../../lib/resource-hooks';
import { albums, genres, songs } from '../../lib/resources';
import type { AlbumChoice, GenreChoice, QueueItem } from './queue';
import { songPayload } from './queue';
import { type UploadCallbacks, xhrUpload } from './xhr-upload';

/** Options a picker shows for what was typed; the server searches, the browser never lists all. */
export const PICKER_LIMIT = 20;

export const albumChoice = (album: Album): AlbumChoice => ({
  id: album.id,
  title: album.title,
  artistName: album.artistName || album.primaryArtistName || '',
  coverArt: album.coverArt,
});
const genreChoice = (genre: Genre): GenreChoice => ({ id: genre.id, name: genre.name });

/** Albums whose title or artist matches `q` (the newest albums while `q` is empty). */
export function useAlbumSearch(q: string, enabled: boolean) {
  const list = useList(albums, { q, sort: q ? 'title' : 'newest', limit: PICKER_LIMIT }, { enabled });
  return {
    data: list.isLoading ? undefined : list.rows.map(albumChoice),
    isFetching: list.isFetching,
    isError: Boolean(list.error),
  };
}

export function useGenreSearch(q: string, enabled: boolean) {
  const list = useList(genres, { q, sort: 'name', limit: PICKER_LIMIT }, { enabled });
  return {
    data: list.isLoading ? undefined : list.rows.map(genreChoice),
    isFetching: list.isFetching,
    isError: Boolean(list.error),
  };
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && foldForSearch(a) === foldForSearch(b));

/**
 * The album a file's tags name, when the catalogue has it: an album of that title (by that artist
 * when the tags name one), else the only album of the tagged artist. Two small searches at most.
 */
export async function albumForTags(tags: Pick<ExtractMetadataResponse, 'album' | 'artist'>) {
  if (tags.album) {
    const { rows } = await fetchList<Album>(albums.path, { q: tags.album, limit: PICKER_LIMIT });
    const titled = rows.filter((a) => same(a.title, tags.album));
    const match = titled.find(
      (a) => same(a.artistName, tags.artist) || same(a.primaryArtistName, tags.artist),
    );
    if (match ?? titled[0]) return albumChoice((match ?? titled[0]) as Album);
  }
  if (tags.artist) {
    const { rows } = await fetchList<Album>(albums.path, { q: tags.artist, limit: PICKER_LIMIT });
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

/** The song a duplicate warning names, as "title (album)". */
export function useSongTitle(id: number) {
  const song = useItem(songs, id).data;
  return song ? `${song.title} (${song.albumTitle})` : null;
}

export function saveBatch(items: QueueItem[]) {
  return api.post<BatchSongsResponse>('/api/upload/batch-songs', {
    songs: items.map((item) => ({ ...songPayload(item), likesCount: 0, downloadsCount: 0 })),
  });
}

export function saveOne(item: QueueItem) {
  return api.post<Song>('/api/songs', songPayload(item));
}

/** After songs were saved: every read a song write makes stale (lists, track counts, dashboard). */
export function useInvalidateAfterSave() {
  const queryClient = useQueryClient();
  return () => invalidateAfterWrite(queryClient, songs);
}
