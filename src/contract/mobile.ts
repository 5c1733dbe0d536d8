import { z } from 'zod';
import { albumSchema } from './albums';
import { artistSchema } from './artists';
import { BANNER_POSITIONS, bannerSchema } from './banners';
import { nullableText } from './fields';
import { IMAGE_MAX_BYTES } from './media';
import { SONG_LANGUAGES, type Song, songSchema } from './songs';

export const MOBILE_PLATFORMS = ['android', 'ios'] as const;
export type MobilePlatform = (typeof MOBILE_PLATFORMS)[number];

/** GET /api/mobile/admob/{platform}: the app id and the four ad unit ids of one platform. */
export const admobConfigSchema = z.object({
  appId: z.string(),
  bannerAdUnitId: z.string(),
  interstitialAdUnitId: z.string(),
  rewardedAdUnitId: z.string(),
  nativeAdUnitId: z.string(),
});
export type AdmobConfig = z.infer<typeof admobConfigSchema>;

export const admobParamsSchema = z.object({
  platform: z.enum(MOBILE_PLATFORMS, { error: 'Platform must be android or ios' }),
});

/** GET /api/mobile/social: what the app needs to offer sharing and sign-in buttons; never a secret. */
export const socialConfigSchema = z.object({
  facebook: z.object({ enabled: z.boolean(), appId: z.string() }),
  twitter: z.object({ enabled: z.boolean() }),
});
export type SocialConfig = z.infer<typeof socialConfigSchema>;

/** GET /api/mobile/notifications: public ids only (no server key, no API key). */
export const notificationsConfigSchema = z.object({
  oneSignal: z.object({ enabled: z.boolean(), appId: z.string() }),
  firebase: z.object({ enabled: z.boolean() }),
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

/** What an app user may upload (their profile image); see docs/decisions/0009-mobile-calls.md. */
export const MOBILE_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;
export const MOBILE_UPLOAD_MAX_BYTES = IMAGE_MAX_BYTES;
export const MOBILE_UPLOAD_URL = '/api/upload/mobile';

/** GET /api/mobile/storage-config: where uploads go and the limits POST /api/upload/mobile enforces. */
export const storageConfigSchema = z.object({
  provider: z.enum(['local', 's3']),
  endpoint: z.string(),
  bucket: z.string(),
  region: z.string(),
  uploadUrl: z.literal(MOBILE_UPLOAD_URL),
  maxFileSize: z.number(),
  allowedTypes: z.array(z.enum(MOBILE_UPLOAD_TYPES)),
});
export type StorageConfig = z.infer<typeof storageConfigSchema>;

/** POST /api/upload/mobile: the stored profile image, now the caller's profileImage. */
export const mobileUploadResponseSchema = z.object({ profileImage: z.string() });

/** GET /api/mobile/config: everything the app reads at start, in one call. */
export const mobileConfigSchema = z.object({
  apiVersion: z.literal(1),
  languages: z.array(z.enum(SONG_LANGUAGES)),
  admob: z.object({ android: admobConfigSchema, ios: admobConfigSchema }),
  social: socialConfigSchema,
  notifications: notificationsConfigSchema,
  storage: storageConfigSchema,
  features: z.object({ downloadsRequirePro: z.literal(true) }),
});
export type MobileConfig = z.infer<typeof mobileConfigSchema>;

/** A banner as the app shows it: no counters. */
export const activeBannerSchema = bannerSchema.omit({
  isActive: true,
  clickCount: true,
  impressionCount: true,
  createdAt: true,
});
export type ActiveBanner = z.infer<typeof activeBannerSchema>;

export const activeBannersQuerySchema = z.object({ position: z.enum(BANNER_POSITIONS).optional() });

/** POST /api/banners/{id}/impression and /click: the counter after this one. */
export const bannerCounterSchema = z.object({ id: z.number(), count: z.number() });

/**
 * A song as anyone but an admin reads it: published songs only, so no status, and no direct audio URL
 * or file size (the app asks POST /api/songs/{id}/stream for a signed, expiring URL).
 */
export const publicSongSchema = songSchema.omit({ audioFileUrl: true, audioFileSize: true, status: true });
export type PublicSong = z.infer<typeof publicSongSchema>;

export const toPublicSong = ({ audioFileUrl, audioFileSize, status, ...song }: Song): PublicSong => song;

export const SEARCH_TYPES = ['all', 'songs', 'artists', 'albums'] as const;
export const SEARCH_MAX_LIMIT = 50;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(200, 'q must be at most 200 characters'),
  type: z.enum(SEARCH_TYPES).default('all'),
  /** Per type: `type=all` answers up to `limit` of each. */
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().describe('Matching rows: exact up to 10,000; beyond, a lower bound (totalExact false)'),
    totalExact: z.boolean(),
  });

/** GET /api/search: one page per searched type, each with its total. */
export const searchResultSchema = z.object({
  q: z.string(),
  type: z.enum(SEARCH_TYPES),
  songs: page(publicSongSchema).optional(),
  artists: page(artistSchema).optional(),
  albums: page(albumSchema).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** A playlist as the app lists it: only public, visible ones reach it, so no flags. */
export const publicPlaylistSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  createdBy: z.string().nullable(),
  songCount: z.number(),
  createdAt: z.string(),
});
export type PublicPlaylist = z.infer<typeof publicPlaylistSchema>;

export const FEATURED_LIMIT = 20;

/** GET /api/featured: the home screen's three rows. */
export const featuredSchema = z.object({
  playlists: z.array(publicPlaylistSchema),
  newReleases: z.array(albumSchema),
  topSongs: z.array(publicSongSchema),
});
export type Featured = z.infer<typeof featuredSchema>;

/** The query of a signed audio URL; only the server composes it. */
export const signedAudioQuerySchema = z.object({
  expires: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
  signature: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  download: z.literal('1').optional(),
});

export const likeStateSchema = z.object({ songId: z.number(), liked: z.boolean(), likesCount: z.number() });
export const followStateSchema = z.object({
  artistId: z.number(),
  following: z.boolean(),
  followersCount: z.number(),
});

/** POST /api/songs/{id}/stream: what the app reports about the play (all optional). */
export const streamRequestSchema = z
  .strictObject({
    deviceType: nullableText(50).optional(),
    platform: z
      .enum([...MOBILE_PLATFORMS, 'web'])
      .nullable()
      .optional(),
    location: nullableText(100).optional(),
  })
  .nullish();

export const streamResponseSchema = z.object({
  streamUrl: z.string(),
  expiresAt: z.string(),
  /** False when this user already streamed this song within the last 30 s (counted once). */
  counted: z.boolean(),
});

export const downloadResponseSchema = z.object({
  downloadUrl: z.string(),
  expiresAt: z.string(),
  fileName: z.string(),
});
