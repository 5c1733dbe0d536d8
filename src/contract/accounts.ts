import { z } from 'zod';
import { SIGNUP_METHODS } from './users';

/** What sign-in, registration and refresh answer with (inside the success envelope). */
export const authTokensSchema = z.object({
  tokenType: z.literal('Bearer'),
  /** Sent as `Authorization: Bearer <accessToken>`; expires at `expiresAt`. */
  accessToken: z.string(),
  /** Exchanged at POST /api/account/refresh for a new pair; single use. */
  refreshToken: z.string(),
  expiresAt: z.string(),
  refreshExpiresAt: z.string(),
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

export { SIGNUP_METHODS };

/** One signed-in device of the current user, as GET /api/account/tokens lists them. */
export const deviceSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  refreshExpiresAt: z.string(),
  userAgent: z.string().nullable(),
  /** The device this request came from. */
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

export const refreshBodySchema = z.strictObject({
  refreshToken: z.string().min(1, 'refreshToken is required').max(256),
});
