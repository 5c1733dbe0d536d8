import { z } from 'zod';
import { idSchema, nullableId, nullableText, requiredText } from './fields';
import { listQueryBase } from './list-query';
import { SONG_SORTS } from './list-sorts';

export const SONG_LANGUAGES = ['Balochi', 'Brahui'] as const;
export const DEFAULT_SONG_LANGUAGE = 'Balochi';
/** The spec shows published, processing and "other, such as draft"; see docs/decisions. */
export const SONG_STATUSES = ['published', 'processing', 'draft'] as const;
export { SONG_SORTS };

export const songSchema = z.object({
  id: z.number(),
  title: z.string(),
  lyricist: z.string().nullable(),
  albumId: z.number(),
  albumTitle: z.string(),
  artistName: z.string(),
  coverArt: z.string().nullable(),
  genreId: z.number().nullable(),
  duration: z.number().nullable(),
  audioFileUrl: z.string().nullable(),
  audioFileSize: z.number().nullable(),
  lyrics: z.string().nullable(),
  language: z.enum(SONG_LANGUAGES).nullable(),
  status: z.string(),
  totalStreams: z.number(),
  likesCount: z.number(),
  downloadsCount: z.number(),
  createdAt: z.string(),
});
export type Song = z.infer<typeof songSchema>;

/** The song payload of spec section 3, as POST /api/songs and the batch save send it. */
export const songInputSchema = z.strictObject({
  title: requiredText(200, 'Title is required'),
  lyricist: nullableText(200).optional(),
  albumId: idSchema,
  genreId: nullableId.optional(),
  audioFileUrl: z.string().trim().min(1, 'Audio file is required').max(2048),
  audioFileSize: z.number().int().min(0).nullable().optional(),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .nullable()
    .optional(),
  lyrics: nullableText(20_000).optional(),
  language: z.enum(SONG_LANGUAGES).nullable().optional().default(DEFAULT_SONG_LANGUAGE),
  status: z.enum(SONG_STATUSES).optional().default('published'),
  /** The batch route sends these; a new song always starts at 0. */
  likesCount: z.literal(0).optional(),
  downloadsCount: z.literal(0).optional(),
});
export type SongInput = z.input<typeof songInputSchema>;

export const songListQuerySchema = listQueryBase.extend({
  sort: z.enum(SONG_SORTS).default('newest'),
  language: z.enum(SONG_LANGUAGES).optional(),
  status: z.enum(SONG_STATUSES).optional(),
  albumId: idSchema.optional(),
  artistId: idSchema.optional(),
  genreId: idSchema.optional(),
});
export type SongListQuery = z.input<typeof songListQuerySchema>;
export type SongListParams = z.output<typeof songListQuerySchema>;
