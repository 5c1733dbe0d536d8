import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ImageUploadResponse } from '../../contract/media';
import { api } from './api';
import { downloadFile } from './download';
import { fetchList, type ListParams, listSearch } from './list-fetch';
import { INVALIDATES, type ListQuery, type Resource } from './resources';

// biome-ignore lint/suspicious/noExplicitAny: any resource, whatever its row and payload types
type AnyResource = Resource<any, any, any, any>;
type Row<R> = R extends Resource<infer T, ListQuery, unknown, unknown> ? T : never;
type Query<R> = R extends Resource<unknown, infer Q, unknown, unknown> ? Q : never;
type Input<R> = R extends Resource<unknown, ListQuery, infer I, unknown> ? I : never;
type Update<R> = R extends Resource<unknown, ListQuery, unknown, infer U> ? U : never;
/** The boolean fields of an update body: what a toggle may flip. */
type ToggleField<R> = {
  [K in keyof Update<R> & string]-?: NonNullable<Update<R>[K]> extends boolean ? K : never;
}[keyof Update<R> & string];

/** Query keys start with the resource's group, so invalidating `[group]` reaches all its reads. */
export const resourceKeys = {
  list: (r: AnyResource, params: object) => [r.group, r.path, 'list', params] as const,
  item: (r: AnyResource, id: number) => [r.group, r.path, 'item', id] as const,
  read: (r: AnyResource, suffix: string, params: object) => [r.group, r.path, suffix, params] as const,
};

/** Refetch every read the table says a write to `resource` makes stale. */
export function invalidateAfterWrite(client: QueryClient, resource: AnyResource) {
  return Promise.all(
    INVALIDATES[resource.group].map((group) => client.invalidateQueries({ queryKey: [group] })),
  );
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  /** False when `total` is a lower bound (more than 10,000 rows match). */
  totalExact: boolean;
  /** True only before the first page arrives (the previous page stays shown while paging). */
  isLoading: boolean;
  isFetching: boolean;
  /**
   * The load error, already after the first failed attempt: the retries go on in the background and a
   * later success clears it.
   */
  error: Error | null;
  refetch: () => void;
}

const noRows: never[] = [];

/** One page of a server list with its X-Total-Count; searching, filtering and sorting on the server. */
export function useList<R extends AnyResource>(
  resource: R,
  query: Query<R>,
  options: { enabled?: boolean } = {},
): ListResult<Row<R>> {
  const params = query as ListParams;
  const result = useQuery({
    queryKey: resourceKeys.list(resource, params),
    queryFn: ({ signal }) => fetchList<Row<R>>(resource.path, params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  return {
    rows: result.data?.rows ?? noRows,
    total: result.data?.total ?? 0,
    totalExact: result.data?.totalExact ?? true,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    error: result.error ?? (result.data ? null : result.failureReason),
    refetch: () => void result.refetch(),
  };
}

/** GET `{path}/{id}`. */
export function useItem<R extends AnyResource>(resource: R, id: number) {
  return useQuery({
    queryKey: resourceKeys.item(resource, id),
    queryFn: ({ signal }) => api.get<Row<R>>(`${resource.path}/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Any other read of a resource: `{path}` or `{path}/{suffix}` with query params (e.g. counters, years). */
export function useRead<T>(
  resource: AnyResource,
  suffix = '',
  params: ListParams = {},
  options: { enabled?: boolean } = {},
) {
  const path = suffix ? `${resource.path}/${suffix}` : resource.path;
  const result = useQuery({
    queryKey: resourceKeys.read(resource, suffix, params),
    queryFn: ({ signal }) => api.get<T>(`${path}${listSearch(params)}`, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  return { ...result, error: result.error ?? (result.data ? null : result.failureReason) };
}

/** Any write of a resource; on success the reads of `INVALIDATES[resource.group]` are refetched. */
export function useResourceMutation<Vars, Result = unknown>(
  resource: AnyResource,
  write: (vars: Vars) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => invalidateAfterWrite(client, resource),
  });
}

/** POST `{path}` when `id` is null, else PUT `{path}/{id}`, with the resource's input. */
export function useSave<R extends AnyResource>(resource: R) {
  return useResourceMutation(resource, ({ id, input }: { id: number | null; input: Input<R> }) =>
    id === null ? api.post<Row<R>>(resource.path, input) : api.put<Row<R>>(`${resource.path}/${id}`, input),
  );
}

/** PUT `{path}/{id}` with the resource's update body. */
export function useUpdate<R extends AnyResource>(resource: R) {
  return useResourceMutation(resource, ({ id, change }: { id: number; change: Update<R> }) =>
    api.put<Row<R>>(`${resource.path}/${id}`, change),
  );
}

/** Flip one boolean of a row: PUT `{path}/{id}` with `{[field]: value}` alone. */
export function useToggle<R extends AnyResource>(resource: R) {
  return useResourceMutation(
    resource,
    ({ id, field, value }: { id: number; field: ToggleField<R>; value: boolean }) =>
      api.put<Row<R>>(`${resource.path}/${id}`, { [field]: value }),
  );
}

/** DELETE `{path}/{id}`. */
export function useRemove(resource: AnyResource) {
  return useResourceMutation(resource, (id: number) => api.delete(`${resource.path}/${id}`));
}

/** POST `{path}/upload-image`, multipart field `image` → {imageUrl}. Nothing is invalidated. */
export function useUploadImage(resource: AnyResource) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<ImageUploadResponse>(`${resource.path}/upload-image`, form);
    },
  });
}

/** The list query of an export: the screen's search, filters and sort; the export has no paging. */
export type ExportQuery<R> = Omit<Query<R>, 'limit' | 'offset'>;

/**
 * GET `{path}/export.csv` with the list's query and save the file under the server's name
 * (`songs-2026-11-22.csv`); resolves with the saved name.
 */
export function useCsvExport<R extends AnyResource>(resource: R) {
  return useMutation({
    mutationFn: (query: ExportQuery<R>) =>
      downloadFile(`${resource.path}/export.csv${listSearch(query as ListParams)}`, `${resource.group}.csv`),
  });
}
