import { z } from 'zod';
import { idSchema, nullableText, requiredText } from './fields';
import { publicSongSchema } from './mobile';

/** An app user's playlist as the app sees it; `isHidden` (set by an admin) is shown to its owner only. */
export const userPlaylistSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  isHidden: z.boolean(),
  /** Whether the caller owns it (and may change it). */
  isOwner: z.boolean(),
  createdBy: z.string().nullable(),
  songCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserPlaylist = z.infer<typeof userPlaylistSchema>;

/** One playlist with its songs in playlist order (published songs only). */
export const userPlaylistDetailSchema = userPlaylistSchema.extend({ songs: z.array(publicSongSchema) });
export type UserPlaylistDetail = z.infer<typeof userPlaylistDetailSchema>;

/** A playlist holds at most this many songs. */
export const MAX_PLAYLIST_SONGS = 1000;

export const userPlaylistCreateSchema = z.strictObject({
  name: requiredText(100, 'Playlist name is required'),
  description: nullableText(500).optional(),
  /** Private unless the user says otherwise. */
  isPublic: z.boolean().default(false),
});

export const userPlaylistUpdateSchema = z
  .strictObject({
    name: requiredText(100, 'Playlist name is required').optional(),
    description: nullableText(500).optional(),
    isPublic: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.isPublic !== undefined, {
    message: 'Send name, description or isPublic',
  });
export type UserPlaylistUpdate = z.infer<typeof userPlaylistUpdateSchema>;

const songId = z.number({ error: 'songId must be a song id' }).int().positive().max(2147483647);

export const playlistSongBodySchema = z.strictObject({ songId });

/** The playlist's songs in their new order: exactly the songs it holds, each once. */
export const playlistOrderBodySchema = z.strictObject({
  songIds: z.array(songId).max(MAX_PLAYLIST_SONGS),
});

export const playlistSongParamsSchema = z.object({ id: idSchema, songId: idSchema });

/** GET /api/user/{id}/stats: what one app user did. */
export const userStatsSchema = z.object({
  userId: z.number(),
  likedSongs: z.number(),
  followedArtists: z.number(),
  playlists: z.number(),
  totalStreams: z.number(),
  totalDownloads: z.number(),
  /** Seconds of the songs streamed (a stream counts the song's whole duration). */
  listeningSeconds: z.number(),
  lastStreamAt: z.string().nullable(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
