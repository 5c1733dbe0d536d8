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

export const bannerListQuerySchema = listQueryBase.extend({
  sort: z.enum(['priority', 'newest', 'oldest']).default('priority'),
  position: z.enum(BANNER_POSITIONS).optional(),
  active: queryBoolean.optional(),
});
export type BannerListQuery = z.input<typeof bannerListQuerySchema>;
export type BannerListParams = z.output<typeof bannerListQuerySchema>;
