import { z } from 'zod';
import { bannerActiveSchema, bannerInputSchema } from '../../contract/banners';
import { BATCH_MAX_SONGS } from '../../contract/media';
import { songInputSchema } from '../../contract/songs';

// Bodies as the document shows them where the validating schema is built for better error messages
// (see `documentedBody` in route-docs.ts): the shapes are the same ones the handlers accept.

/** POST /api/upload/batch-songs: the handler validates each song on its own, so one bad song fails alone. */
export const batchSongsDocumentedSchema = z
  .strictObject({ songs: z.array(songInputSchema).min(1).max(BATCH_MAX_SONGS) })
  .describe('Each song is validated and saved on its own; invalid ones are listed in `failed`.');

/** PUT /api/banners/{id}: the card toggle alone, or the whole banner. */
export const bannerUpdateDocumentedSchema = z
  .union([bannerActiveSchema, bannerInputSchema])
  .describe('Either `{isActive}` alone (the card toggle) or the full banner of POST /api/banners.');
