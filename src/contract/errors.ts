import { z } from 'zod';

/** The one error shape every endpoint answers with. */
export const errorEnvelopeSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  uriTooLong: 'URI_TOO_LONG',
  invalidJson: 'INVALID_JSON',
  unauthenticated: 'UNAUTHENTICATED',
  tokenExpired: 'TOKEN_EXPIRED',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  forbidden: 'FORBIDDEN',
  providerNotConfigured: 'PROVIDER_NOT_CONFIGURED',
  resetTokenGone: 'RESET_TOKEN_GONE',
  invalidCredentials: 'INVALID_CREDENTIALS',
  forbiddenOrigin: 'FORBIDDEN_ORIGIN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  invalidSignature: 'INVALID_SIGNATURE',
  linkExpired: 'LINK_EXPIRED',
  proRequired: 'PRO_REQUIRED',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One invalid field, as listed in `details` of a 400. */
export interface FieldError {
  field: string;
  message: string;
}
