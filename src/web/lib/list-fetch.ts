import { TOTAL_COUNT_EXACT_HEADER, TOTAL_COUNT_HEADER } from '../../contract/list-query';
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

export interface ListPage<T> {
  rows: T[];
  total: number;
  /** False when `total` is a lower bound (more than 10,000 rows match). */
  totalExact: boolean;
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
  return {
    rows,
    total: Number.isFinite(header) && headers.has(TOTAL_COUNT_HEADER) ? header : rows.length,
    totalExact: headers.get(TOTAL_COUNT_EXACT_HEADER) !== 'false',
  };
}
