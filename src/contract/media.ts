import { z } from 'zod';
import { type songInputSchema, songSchema } from './songs';

/** Limits the server enforces while streaming an upload. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024;
export const BATCH_MAX_SONGS = 1000;

/** Audio formats accepted by content, with the extension their stored files get. */
export const AUDIO_FORMATS = ['mp3', 'wav', 'flac', 'm4a', 'aac', 'ogg'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** POST /api/{artists,albums,banners}/upload-image, multipart field `image`. */
export const imageUploadResponseSchema = z.object({ imageUrl: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

/** The tags read from an audio file; every field is null when the file does not carry it. */
export const audioTagsSchema = z.object({
  title: z.string().nullable(),
  /** From the lyricist frames, else the composer frames. */
  lyricist: z.string().nullable(),
  artist: z.string().nullable(),
  album: z.string().nullable(),
  genre: z.string().nullable(),
  year: z.number().nullable(),
  trackNumber: z.number().nullable(),
});
export type AudioTags = z.infer<typeof audioTagsSchema>;

/** POST /api/extract-metadata (multipart, one audio file). */
export const extractMetadataResponseSchema = audioTagsSchema.extend({
  /** Whole seconds. */
  duration: z.number().nullable(),
  format: z.enum(AUDIO_FORMATS),
  fileSize: z.number(),
  sha256: z.string(),
  /** The embedded cover as a data: URL, when the file carries one. */
  cover: z.string().nullable(),
  /** A song whose audio is byte-for-byte the same, when one exists. */
  duplicateOfSongId: z.number().nullable(),
});
export type ExtractMetadataResponse = z.infer<typeof extractMetadataResponseSchema>;

/** POST /api/upload/audio (multipart, one audio file). */
export const audioUploadResponseSchema = z.object({
  audioUrl: z.string(),
  /** Whole seconds. */
  duration: z.number().nullable(),
  fileSize: z.number(),
  format: z.enum(AUDIO_FORMATS),
  sha256: z.string(),
  duplicateOfSongId: z.number().nullable(),
  metadata: audioTagsSchema,
});
export type AudioUploadResponse = z.infer<typeof audioUploadResponseSchema>;

/** POST /api/upload/batch-songs. Songs are validated one by one, so the array holds anything. */
export const batchSongsRequestSchema = z.strictObject({
  songs: z
    .array(z.unknown())
    .min(1, 'At least one song is required')
    .max(BATCH_MAX_SONGS, `At most ${BATCH_MAX_SONGS} songs per batch`),
});
export type BatchSongsRequest = { songs: z.input<typeof songInputSchema>[] };

export const batchSongsResponseSchema = z.object({
  /** The saved songs, as GET /api/songs/:id answers them. */
  success: z.array(songSchema),
  failed: z.array(
    z.object({
      /** The song as sent (an object with its title, when it had one). */
      originalData: z.record(z.string(), z.unknown()),
      error: z.string(),
    }),
  ),
  successCount: z.number(),
  failedCount: z.number(),
});
export type BatchSongsResponse = z.infer<typeof batchSongsResponseSchema>;
