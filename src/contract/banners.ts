import { z } from 'zod';
import { nullableDate, nullableText, nullableUrl, queryBoolean, requiredText } from './fields';
import { listQueryBase } from './list-query';
import { BANNER_SORTS } from './list-sorts';

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

export const BANNER_PRIORITY_MIN = 1;
export const BANNER_PRIORITY_MAX = 10;
export const BANNER_TARGET_URL_MAX = 2048;
const PRIORITY_MESSAGE = `Priority must be between ${BANNER_PRIORITY_MIN} and ${BANNER_PRIORITY_MAX}`;
const POSITION_MESSAGE = `Position must be one of ${BANNER_POSITIONS.join(', ')}`;

/** Characters no well-formed link needs raw and markup or script injection does. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_URL_CHARACTER = /[\s<>"`\\\u0000-\u001F\u007F]/;

const isWebUrl = (v: string) => {
  if (!/^https?:\/\//i.test(v) || !URL.canParse(v)) return false;
  return new URL(v).hostname !== '';
};

/**
 * Where a tap on the banner leads: an absolute http(s) link, at most 2048 characters, with nothing that
 * could break out of an attribute (no spaces, quotes, angle brackets, backslashes). '' → null.
 */
export const bannerTargetUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'Target URL must be text' })
    .trim()
    .max(BANNER_TARGET_URL_MAX, `Target URL must be at most ${BANNER_TARGET_URL_MAX} characters`)
    .refine((v) => !UNSAFE_URL_CHARACTER.test(v), 'Target URL must not contain spaces, quotes or < >')
    .refine(isWebUrl, 'Target URL must be a full http:// or https:// address')
    .nullable(),
);

const endNotBeforeStart = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.endDate >= b.startDate;

/** The end date may not come before the start date (the same day is allowed). */
export const datesInOrder: [typeof endNotBeforeStart, { path: PropertyKey[]; message: string }] = [
  endNotBeforeStart,
  { path: ['endDate'], message: 'End date must be on or after the start date' },
];

/** The banner's fields without the cross-field rule, for forms that pick or adapt some of them. */
export const bannerFieldsSchema = z.strictObject({
  title: requiredText(200, 'Banner title is required'),
  description: nullableText(2000).optional(),
  imageUrl: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    nullableUrl().refine((v) => v !== null, 'Banner image is required'),
  ),
  targetUrl: bannerTargetUrl.optional(),
  position: z.enum(BANNER_POSITIONS, { error: POSITION_MESSAGE }).optional().default('hero'),
  startDate: nullableDate.optional(),
  endDate: nullableDate.optional(),
  priority: z
    .number({ error: PRIORITY_MESSAGE })
    .int('Priority must be a whole number')
    .min(BANNER_PRIORITY_MIN, PRIORITY_MESSAGE)
    .max(BANNER_PRIORITY_MAX, PRIORITY_MESSAGE)
    .optional()
    .default(BANNER_PRIORITY_MIN),
  isActive: z.boolean().optional().default(true),
});

export const bannerInputSchema = bannerFieldsSchema.refine(...datesInOrder);
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

/** Where a banner's dates put it today: running (started, not ended), scheduled (starts later), expired. */
export const BANNER_SCHEDULES = ['running', 'scheduled', 'expired'] as const;
export type BannerSchedule = (typeof BANNER_SCHEDULES)[number];

export { BANNER_SORTS };

export const bannerListQuerySchema = listQueryBase.extend({
  sort: z.enum(BANNER_SORTS).default('priority'),
  position: z.enum(BANNER_POSITIONS).optional(),
  active: queryBoolean.optional(),
  schedule: z.enum(BANNER_SCHEDULES).optional(),
});
export type BannerListQuery = z.input<typeof bannerListQuerySchema>;
export type BannerListParams = z.output<typeof bannerListQuerySchema>;
