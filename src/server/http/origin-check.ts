import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contract/errors';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser made from another site (CSRF). A foreign Origin, or
 * a Sec-Fetch-Site of cross-site when Origin is absent, gets 403. Clients that are not browsers send
 * neither header and are judged by their credentials alone.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const allowed =
      origin === undefined
        ? request.headers['sec-fetch-site'] !== 'cross-site'
        : isSameOrigin(origin, request, publicUrl);
    if (!allowed) throw new HttpError(403, ErrorCode.forbiddenOrigin, 'Cross-origin request refused');
  });
}

function isSameOrigin(origin: string, request: FastifyRequest, publicUrl: string | undefined): boolean {
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && new URL(publicUrl).origin === originUrl.origin) return true;
  // Parse the Host header the same way so default ports compare equal (localhost:80 = localhost).
  const host = request.headers.host;
  return (
    host !== undefined &&
    URL.canParse(`${originUrl.protocol}//${host}`) &&
    new URL(`${originUrl.protocol}//${host}`).host === originUrl.host
  );
}
