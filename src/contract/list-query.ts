import { z } from 'zod';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** Paging and search shared by every admin list; resources add `sort` and their filters. */
export const listQueryBase = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
  q: z.string().trim().max(200).optional(),
});
export type ListQueryBase = z.infer<typeof listQueryBase>;

/** Lists answer a JSON array; the total matching rows travel in this header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/**
 * "true" when X-Total-Count is the exact number of matching rows (always, up to 10,000 of them); "false"
 * when more rows match and X-Total-Count is a lower bound: the larger of 10,000 and offset + rows on the page.
 */
export const TOTAL_COUNT_EXACT_HEADER = 'X-Total-Count-Exact';
