import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Genre, GenreInput } from '../../../contract/genres';
import { api } from '../../lib/api';
import { useListQuery } from '../../lib/use-list-query';

export const GENRES_PATH = '/api/genres';
export const CATEGORIES_PAGE_SIZE = 24;

export function useCategories(params: { q: string; page: number }) {
  return useListQuery<Genre>(GENRES_PATH, {
    q: params.q,
    sort: 'name',
    limit: CATEGORIES_PAGE_SIZE,
    offset: params.page * CATEGORIES_PAGE_SIZE,
  });
}

/** Lists (and the dashboard's genre count) are refetched after every change. */
function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [GENRES_PATH] }),
      queryClient.invalidateQueries({ queryKey: ['/api/analytics/dashboard'] }),
    ]);
}

export function useSaveCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: GenreInput }) =>
      id === null ? api.post<Genre>(GENRES_PATH, input) : api.put<Genre>(`${GENRES_PATH}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${GENRES_PATH}/${id}`),
    onSuccess: invalidate,
  });
}
