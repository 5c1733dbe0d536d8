import { z } from 'zod';

export const RECENT_ACTIVITY_LIMIT = 6;

export const recentActivitySchema = z.object({
  type: z.enum(['user', 'song', 'artist', 'album']),
  id: z.number(),
  title: z.string(),
  createdAt: z.string(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;

export const dashboardSchema = z.object({
  users: z.object({ total: z.number(), active: z.number(), premium: z.number() }),
  content: z.object({
    artists: z.number(),
    albums: z.number(),
    songs: z.number(),
    publishedSongs: z.number(),
    genres: z.number(),
  }),
  engagement: z.object({ totalStreams: z.number(), totalDownloads: z.number() }),
  banners: z.object({ active: z.number() }),
  recentActivity: z.array(recentActivitySchema).max(RECENT_ACTIVITY_LIMIT),
  /** Streams per UTC day over the last 30 days, oldest first, days without streams included as 0. */
  streamsPerDay: z.array(z.object({ date: z.string(), streams: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
