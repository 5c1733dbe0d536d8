import { ApiError } from './api';

/** The server's own message of a failed call (e.g. a 409 "Album still has 12 songs"), else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;
