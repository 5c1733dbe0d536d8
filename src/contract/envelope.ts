import { z } from 'zod';

/** The documented success envelope of the mobile-facing endpoints: `{ success: true, data, message? }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  message?: string;
}

export { type ErrorEnvelope, errorEnvelopeSchema } from './errors';
