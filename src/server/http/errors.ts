import { ErrorCode, type ErrorEnvelope, type FieldError } from '../../contract/errors';

/** An error that becomes the documented envelope with its own status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
  ) {
    super(message);
  }

  toEnvelope(): ErrorEnvelope {
    return { error: this.message, code: this.code, details: this.details };
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, ErrorCode.notFound, `${what} not found`);

export const validationFailed = (fields: FieldError[], message = fields[0]?.message ?? 'Invalid request') =>
  new HttpError(400, ErrorCode.validation, message, fields);

export const conflict = (message: string, details: unknown = null) =>
  new HttpError(409, ErrorCode.conflict, message, details);

export const unauthenticated = () => new HttpError(401, ErrorCode.unauthenticated, 'Authentication required');

/** The value, or a 404 naming what was missing. */
export function orNotFound<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw notFound(what);
  return value;
}

/** 429 with the seconds to wait, which the error handler also sends as `Retry-After`. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, ErrorCode.rateLimited, 'Too many sign-in attempts. Try again later.', {
    retryAfterSeconds,
  });
