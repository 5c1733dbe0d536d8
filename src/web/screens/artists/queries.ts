import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Album } from '../../../contract/albums';
import type { Artist, ArtistInput } from '../../../contract/artists';
import type { Song } from '../../../contract/songs';
import { api } from '../../lib/api';
import { useListQuery } from '../../lib/use-list-query';

export const ARTISTS_PATH = '/api/artists';
export const ARTISTS_PAGE_SIZE = 50;
export const ARTIST_SONGS_PAGE_SIZE = 50;
/** The albums shown on an artist's page; the count says when there are more. */
export const ARTIST_ALBUMS_LIMIT = 100;

export const ARTIST_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'name', label: 'Name' },
  { value: 'streams', label: 'Most streamed' },
] as const;
export type ArtistSort = (typeof ARTIST_SORTS)[number]['value'];

export function useArtists(params: { q: string; sort: ArtistSort; page: number }) {
  return useListQuery<Artist>(ARTISTS_PATH, {
    q: params.q,
    sort: params.sort,
    limit: ARTISTS_PAGE_SIZE,
    offset: params.page * ARTISTS_PAGE_SIZE,
  });
}

export function useArtist(id: number) {
  return useQuery({
    queryKey: [ARTISTS_PATH, 'detail', id],
    queryFn: ({ signal }) => api.get<Artist>(`${ARTISTS_PATH}/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useArtistAlbums(artistId: number) {
  return useListQuery<Album>('/api/albums', { artistId, sort: 'release', limit: ARTIST_ALBUMS_LIMIT });
}

export function useArtistSongs(artistId: number, page: number) {
  return useListQuery<Song>('/api/songs', {
    artistId,
    sort: 'newest',
    limit: ARTIST_SONGS_PAGE_SIZE,
    offset: page * ARTIST_SONGS_PAGE_SIZE,
  });
}

function useInvalidateArtists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [ARTISTS_PATH] }),
      queryClient.invalidateQueries({ queryKey: ['/api/analytics/dashboard'] }),
    ]);
}

/** POST /api/artists/upload-image, multipart field `image` → {imageUrl}. */
export function useUploadArtistImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<{ imageUrl: string }>(`${ARTISTS_PATH}/upload-image`, form);
    },
  });
}

export function useSaveArtist() {
  const invalidate = useInvalidateArtists();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ArtistInput }) =>
      id === null ? api.post<Artist>(ARTISTS_PATH, input) : api.put<Artist>(`${ARTISTS_PATH}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteArtist() {
  const invalidate = useInvalidateArtists();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${ARTISTS_PATH}/${id}`),
    onSuccess: invalidate,
  });
}
