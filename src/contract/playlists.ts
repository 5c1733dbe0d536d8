import { z } from 'zod';
import { listQueryBase } from './list-query';
import { PLAYLIST_SORTS } from './list-sorts';

export const playlistSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  userId: z.number().nullable(),
  /** Display name of the app user who made it. */
  createdBy: z.string().nullable(),
  songCount: z.number(),
  /** Seconds of all its songs (songs without a known duration count 0). */
  totalDuration: z.number(),
  isPublic: z.boolean(),
  isFeatured: z.boolean(),
  isHidden: z.boolean(),
  createdAt: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const playlistUpdateSchema = z
  .strictObject({ isFeatured: z.boolean().optional(), isHidden: z.boolean().optional() })
  .refine((v) => v.isFeatured !== undefined || v.isHidden !== undefined, {
    message: 'Send isFeatured or isHidden',
  });
export type PlaylistUpdate = z.infer<typeof playlistUpdateSchema>;

/** The tabs: a playlist is Public only when isPublic and not hidden. */
export const PLAYLIST_FILTERS = ['all', 'featured', 'public', 'hidden'] as const;

export const playlistListQuerySchema = listQueryBase.extend({
  sort: z.enum(PLAYLIST_SORTS).default('newest'),
  filter: z.enum(PLAYLIST_FILTERS).default('all'),
});
export type PlaylistListQuery = z.input<typeof playlistListQuerySchema>;
export type PlaylistListParams = z.output<typeof playlistListQuerySchema>;

/** A page of a playlist's songs, in playlist order. */
export const playlistSongsQuerySchema = listQueryBase.pick({ limit: true, offset: true });

/** The four counters of the playlists screen (same search applied). */
export const playlistCountsSchema = z.object({
  all: z.number(),
  featured: z.number(),
  public: z.number(),
  hidden: z.number(),
});
export type PlaylistCounts = z.infer<typeof playlistCountsSchema>;
