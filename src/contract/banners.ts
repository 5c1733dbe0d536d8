import { z } from 'zod';
import { nullableDate, nullableText, nullableUrl, queryBoolean, requiredText } from './fields';
import { listQueryBase } from './list-query';

export const BANNER_POSITIONS = ['hero', 'sidebar', 'footer', 'popup'] as const;

export const bannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  targetUrl: z.string().nullable(),
  position: z.enum(BANNER_POSITIONS),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  priority: z.number(),
  isActive: z.boolean(),
  clickCount: z.number(),
  impressionCount: z.number(),
  createdAt: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

const endNotBeforeStart = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.endDate >= b.startDate;

export const bannerInputSchema = z
  .strictObject({
    title: requiredText(200, 'Banner title is required'),
    description: nullableText(2000).optional(),
    imageUrl: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      nullableUrl().refine((v) => v !== null, 'Banner image is required'),
    ),
    targetUrl: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
        z
          .string()
          .trim()
          .max(2048)
          .regex(/^https?:\/\/[^\s]+$/i, 'Target URL must be a URL')
          .nullable(),
      )
      .optional(),
    position: z.enum(BANNER_POSITIONS).optional().default('hero'),
    startDate: nullableDate.optional(),
    endDate: nullableDate.optional(),
    priority: z.number().int('Priority must be a whole number').min(1).max(10).optional().default(1),
    isActive: z.boolean().optional().default(true),
  })
  .refine(endNotBeforeStart, { path: ['endDate'], message: 'End date must be on or after the start date' });
export type BannerInput = z.input<typeof bannerInputSchema>;

/** PUT /api/banners/{id} also takes the active flag alone (the card toggle). */
export const bannerActiveSchema = z.strictObject({ isActive: z.boolean() });
export type BannerActive = z.infer<typeof bannerActiveSchema>;

/** A body with `isActive` as its only key is the card toggle; anything else must be a full banner. */
export const isBannerToggle = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  Object.keys(body).length === 1 &&
  'isActive' in body;

/**
 * PUT /api/banners/{id}: the toggle or the full banner, picked by shape (not a plain union) so that a
 * bad full body is answered with its own field errors rather than a generic "invalid input".
 */
export const bannerUpdateSchema = z
  .unknown()
  .transform((body, ctx): z.output<typeof bannerActiveSchema> | z.output<typeof bannerInputSchema> => {
    const parsed = isBannerToggle(body)
      ? bannerActiveSchema.safeParse(body)
      : bannerInputSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
    return z.NEVER;
  })
  .meta({ description: 'Either {isActive} alone (the card toggle) or the full banner of POST /api/banners' });
export type BannerUpdate = z.input<typeof bannerInputSchema> | BannerActive;

export const bannerListQuerySchema = listQueryBase.extend({
  sort: z.enum(['priority', 'newest', 'oldest']).default('priority'),
  position: z.enum(BANNER_POSITIONS).optional(),
  active: queryBoolean.optional(),
});
export type BannerListQuery = z.input<typeof bannerListQuerySchema>;
export type BannerListParams = z.output<typeof bannerListQuerySchema>;
