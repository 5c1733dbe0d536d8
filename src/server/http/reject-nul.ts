import type { FastifyInstance } from 'fastify';
import type { FieldError } from '../../contract/errors';
import { validationFailed } from './errors';

const MAX_DEPTH = 64;

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Text never legitimately holds NUL, and PostgreSQL cannot store it: refuse it in any query string or
 * JSON body before a route sees it, so every route answers 400 rather than failing in the database.
 */
export function registerNulRejection(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const field = findNul(value, '');
      if (field !== null) {
        const error: FieldError = { field: field || where, message: 'Must not contain NUL characters' };
        throw validationFailed([error], `${error.field}: ${error.message}`);
      }
    }
  });
}
