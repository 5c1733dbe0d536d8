import { z } from 'zod';
import { idSchema, nullableDate, nullableId, nullableText, nullableUrl, requiredText } from './fields';
import { listQueryBase } from './list-query';
import { ALBUM_SORTS } from './list-sorts';

export const ALBUM_TYPES = ['single', 'collaboration'] as const;
export const MAX_COLLABORATORS = 20;

export const albumSchema = z.object({
  id: z.number(),
  title: z.string(),
  albumType: z.enum(ALBUM_TYPES),
  primaryArtistId: z.number().nullable(),
  primaryArtistName: z.string().nullable(),
  /** The album's credit: the primary artist, or the collaborators' label. */
  artistName: z.string(),
  collaboratingArtists: z.array(z.string()),
  collaboratingArtistIds: z.array(z.number()),
  genreId: z.number().nullable(),
  genreName: z.string().nullable(),
  releaseDate: z.string().nullable(),
  description: z.string().nullable(),
  coverArt: z.string().nullable(),
  totalTracks: z.number(),
  totalStreams: z.number(),
  createdAt: z.string(),
});
export type Album = z.infer<typeof albumSchema>;

export const albumInputSchema = z
  .strictObject({
    title: requiredText(200, 'Album title is required'),
    albumType: z.enum(ALBUM_TYPES).optional().default('single'),
    primaryArtistId: nullableId.optional(),
    selectedArtists: z.array(idSchema).max(MAX_COLLABORATORS).optional().default([]),
    genreId: nullableId.optional(),
    releaseDate: nullableDate.optional(),
    description: nullableText(5000).optional(),
    coverArt: nullableUrl().optional(),
  })
  .superRefine((album, ctx) => {
    if (album.albumType === 'single' && !album.primaryArtistId) {
      ctx.addIssue({
        code: 'custom',
        path: ['primaryArtistId'],
        message: 'Primary artist is required for single albums',
      });
    }
    if (album.albumType === 'collaboration' && album.selectedArtists.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['selectedArtists'],
        message: 'At least one artist is required for collaboration albums',
      });
    }
  });
export type AlbumInput = z.input<typeof albumInputSchema>;

export const albumListQuerySchema = listQueryBase.extend({
  sort: z.enum(ALBUM_SORTS).default('newest'),
  genreId: idSchema.optional(),
  artistId: idSchema.optional(),
  year: z.coerce.number().int().min(1000).max(9999).optional(),
});
export type AlbumListQuery = z.input<typeof albumListQuerySchema>;
export type AlbumListParams = z.output<typeof albumListQuerySchema>;

/** Release years present in the catalogue, newest first (for the year filter). */
export const albumYearsSchema = z.array(z.number());
