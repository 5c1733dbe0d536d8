import { z } from 'zod';
import { nullableText, nullableUrl, queryBoolean, requiredText } from './fields';
import { listQueryBase } from './list-query';
import { ARTIST_SORTS } from './list-sorts';

export const artistSchema = z.object({
  id: z.number(),
  name: z.string(),
  country: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  verified: z.boolean(),
  albumCount: z.number(),
  songCount: z.number(),
  followersCount: z.number(),
  /** Distinct listeners who streamed the artist's songs in the last 30 days. */
  monthlyListeners: z.number(),
  totalStreams: z.number(),
  createdAt: z.string(),
});
export type Artist = z.infer<typeof artistSchema>;

export const artistInputSchema = z.strictObject({
  name: requiredText(200, 'Artist name is required'),
  country: nullableText(100).optional(),
  bio: nullableText(5000).optional(),
  avatar: nullableUrl().optional(),
  verified: z.boolean().optional().default(false),
});
export type ArtistInput = z.input<typeof artistInputSchema>;

export const artistListQuerySchema = listQueryBase.extend({
  sort: z.enum(ARTIST_SORTS).default('newest'),
  verified: queryBoolean.optional(),
});
export type ArtistListQuery = z.input<typeof artistListQuerySchema>;
export type ArtistListParams = z.output<typeof artistListQuerySchema>;
