import { z } from 'zod';
import { nullableText } from './fields';
import { appUserSchema, SIGNUP_METHODS } from './users';

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

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));
const password = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters');
const personName = nullableText(100)
  .optional()
  .transform((v) => v ?? null);

export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]{3,30}$/u;

export const registerBodySchema = z.strictObject({
  email,
  password,
  /** 3-30 letters (any script), digits, dots, dashes or underscores; derived from the email when omitted. */
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, 'Username must be 3-30 letters, digits, dots, dashes or underscores')
    .optional(),
  firstName: personName,
  lastName: personName,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const appLoginBodySchema = z.strictObject({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});

export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const socialBodySchema = z.strictObject({
  /** The provider's OpenID Connect ID token (a JWT), as the platform SDK returns it. */
  idToken: z.string().min(1, 'idToken is required').max(8192),
  /** Apple sends the name to the app only on the first sign-in; the app passes it on. */
  firstName: personName,
  lastName: personName,
});
export const socialParamsSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

/** Register, sign-in and social sign-in answer the account and a fresh token pair. */
export const accountSessionSchema = z.object({ user: appUserSchema, tokens: authTokensSchema });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const passwordResetBodySchema = z.strictObject({
  token: z.string().min(1, 'token is required').max(256),
  password,
});

/** A one-time password reset token an admin hands to the user (delivery is out of scope). */
export const resetTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
