import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Album, AlbumInput } from '../../../contract/albums';
import type { Artist } from '../../../contract/artists';
import type { Genre } from '../../../contract/genres';
import type { ImageUploadResponse } from '../../../contract/media';
import { api } from '../../lib/api';
import { fetchList, useListQuery } from '../../lib/use-list-query';

export const ALBUMS_PATH = '/api/albums';
export const ALBUMS_PAGE_SIZE = 24;
/** The genre dropdowns read at most this many genres (a short, admin-made list), sorted by name. */
export const GENRE_OPTIONS_LIMIT = 200;

export interface AlbumFilters {
  q: string;
  genreId: number | null;
  year: number | null;
}

export function useAlbums(filters: AlbumFilters, page: number) {
  return useListQuery<Album>(ALBUMS_PATH, {
    q: filters.q,
    genreId: filters.genreId,
    year: filters.year,
    sort: 'newest',
    limit: ALBUMS_PAGE_SIZE,
    offset: page * ALBUMS_PAGE_SIZE,
  });
}

/** All albums in the catalogue (the "y" of "x of y albums"): one row, only the total is read. */
export function useAlbumsTotal(enabled: boolean) {
  return useListQuery<Album>(ALBUMS_PATH, { limit: 1 }, { enabled });
}

export function useAlbumYears() {
  return useQuery({
    queryKey: [ALBUMS_PATH, 'years'],
    queryFn: ({ signal }) => api.get<number[]>(`${ALBUMS_PATH}/years`, signal),
    select: (years) => [...years].sort((a, b) => b - a),
  });
}

export function useGenreOptions() {
  return useListQuery<Genre>('/api/genres', { sort: 'name', limit: GENRE_OPTIONS_LIMIT });
}

export interface ArtistOption {
  id: number;
  name: string;
  country?: string | null;
}

/**
 * Up to `max` artists matching `q` (by name, on the server) that are not in `exclude`. The server is
 * asked for `max + exclude.length` so that dropping the excluded ones still leaves `max` when possible.
 */
export function useArtistSuggestions(q: string, max: number, exclude: readonly number[], enabled: boolean) {
  const limit = Math.min(1000, max + exclude.length);
  const query = useQuery({
    queryKey: ['/api/artists', 'list', { q, sort: 'name', limit }],
    queryFn: ({ signal }) => fetchList<Artist>('/api/artists', { q, sort: 'name', limit }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  const excluded = new Set(exclude);
  const options: ArtistOption[] = (query.data?.rows ?? [])
    .filter((artist) => !excluded.has(artist.id))
    .slice(0, max)
    .map((artist) => ({ id: artist.id, name: artist.name, country: artist.country }));
  return { options, isFetching: query.isFetching, isError: query.isError };
}

/** Album lists, years, artist pages (their albums) and the dashboard all change with an album. */
function useInvalidateAlbums() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [ALBUMS_PATH] }),
      queryClient.invalidateQueries({ queryKey: ['/api/artists'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/analytics/dashboard'] }),
    ]);
}

/** POST /api/albums/upload-image, multipart field `image` → {imageUrl}. */
export function useUploadAlbumCover() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<ImageUploadResponse>(`${ALBUMS_PATH}/upload-image`, form);
    },
  });
}

export function useSaveAlbum() {
  const invalidate = useInvalidateAlbums();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AlbumInput }) =>
      id === null ? api.post<Album>(ALBUMS_PATH, input) : api.put<Album>(`${ALBUMS_PATH}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteAlbum() {
  const invalidate = useInvalidateAlbums();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${ALBUMS_PATH}/${id}`),
    onSuccess: invalidate,
  });
}
