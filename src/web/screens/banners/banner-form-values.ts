import { z } from 'zod';
import {
  BANNER_PRIORITY_MAX,
  BANNER_PRIORITY_MIN,
  type Banner,
  type BannerInput,
  bannerFieldsSchema,
  datesInOrder,
} from '../../../contract/banners';

/** What the form holds: text inputs as strings, the image picked separately. */
export interface BannerFormValues {
  title: string;
  description: string;
  targetUrl: string;
  position: Banner['position'];
  priority: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
}

export const valuesOf = (banner: Banner | null): BannerFormValues => ({
  title: banner?.title ?? '',
  description: banner?.description ?? '',
  targetUrl: banner?.targetUrl ?? '',
  position: banner?.position ?? 'hero',
  priority: String(banner?.priority ?? BANNER_PRIORITY_MIN),
  startDate: banner?.startDate ?? '',
  endDate: banner?.endDate ?? '',
  isActive: banner?.isActive ?? true,
});

/**
 * The contract's banner rules for the form: priority typed as text is coerced to a number (empty means
 * the default) and then bounded like the server bounds it; the image is checked after its upload.
 */
export const bannerFormSchema = bannerFieldsSchema
  .omit({ imageUrl: true })
  .extend({
    priority: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? BANNER_PRIORITY_MIN : Number(v)) : v),
      bannerFieldsSchema.shape.priority.unwrap().unwrap(),
    ),
  })
  .refine(...datesInOrder);
export type BannerFormOutput = z.output<typeof bannerFormSchema>;

export const inputOf = (values: BannerFormOutput, imageUrl: string | null): BannerInput => ({
  ...values,
  imageUrl: imageUrl ?? '',
});

export { BANNER_PRIORITY_MAX, BANNER_PRIORITY_MIN };
