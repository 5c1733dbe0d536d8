import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '../../contract/list-query';
import { api } from './api';

export type ListParamValue = string | number | boolean | null | undefined;
export type ListParams = Record<string, ListParamValue>;

/** The query string of a list call; empty, null and undefined params are left out. */
export function listSearch(params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The query key of a list: `[path, 'list', params]`. Invalidate `[path]` after a change to refetch
 * every list (and detail) of that resource.
 */
export const listQueryKey = (path: string, params: ListParams) => [path, 'list', params] as const;

export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** GET one page of a list endpoint: the JSON array and the X-Total-Count header. */
export async function fetchList<T>(
  path: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  const { data, headers } = await api.getWithHeaders<T[]>(`${path}${listSearch(params)}`, signal);
  const rows = Array.isArray(data) ? data : [];
  const header = Number(headers.get(TOTAL_COUNT_HEADER));
  return { rows, total: Number.isFinite(header) && headers.has(TOTAL_COUNT_HEADER) ? header : rows.length };
}

export interface ListQueryResult<T> {
  rows: T[];
  total: number;
  /** True only before the first page arrives (the previous page stays shown while paging). */
  isLoading: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => void;
}

const noRows: never[] = [];

/**
 * One page of a server list (`/api/artists`, `{ limit, offset, q, sort, … }`) with its total. Paging
 * keeps the previous page on screen until the next one arrives.
 */
export function useListQuery<T>(
  path: string,
  params: ListParams,
  options: { enabled?: boolean } = {},
): ListQueryResult<T> {
  const query = useQuery({
    queryKey: listQueryKey(path, params),
    queryFn: ({ signal }) => fetchList<T>(path, params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  return {
    rows: query.data?.rows ?? noRows,
    total: query.data?.total ?? 0,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
