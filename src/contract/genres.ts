import { z } from 'zod';
import { hexColor, nullableText, queryBoolean, requiredText } from './fields';
import { listQueryBase } from './list-query';
import { GENRE_SORTS } from './list-sorts';

export const DEFAULT_GENRE_COLOR = '#FF6B6B';
/** Shown for a genre stored without a colour. */
export const FALLBACK_GENRE_COLOR = '#8B5CF6';

export const genreSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  isActive: z.boolean(),
  songCount: z.number(),
  albumCount: z.number(),
  createdAt: z.string(),
});
export type Genre = z.infer<typeof genreSchema>;

export const genreInputSchema = z.strictObject({
  name: requiredText(100, 'Category name is required'),
  description: nullableText(1000).optional(),
  color: z
    .preprocess((v) => (v === '' ? null : v), hexColor.nullable())
    .optional()
    .default(DEFAULT_GENRE_COLOR),
  isActive: z.boolean().optional().default(true),
});
export type GenreInput = z.input<typeof genreInputSchema>;

export const genreListQuerySchema = listQueryBase.extend({
  sort: z.enum(GENRE_SORTS).default('name'),
  active: queryBoolean.optional(),
});
export type GenreListQuery = z.input<typeof genreListQuerySchema>;
export type GenreListParams = z.output<typeof genreListQuerySchema>;
