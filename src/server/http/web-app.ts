import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/errors';

/**
 * Serves the built SPA: hashed assets with a long cache, index.html for every other non-API GET so
 * client-side routes deep-link. Unknown API paths (`/api` itself and everything under `/api/`) always get
 * the JSON 404; a path that merely starts with "/api" (`/api-docs`, `/apixyz`) is a screen of the app.
 */
export const isApiPath = (url: string): boolean => {
  const pathname = (url.split('?')[0] ?? '').toLowerCase();
  return pathname === '/api' || pathname.startsWith('/api/');
};

export async function registerWebApp(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (webDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({
      error: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: ErrorCode.notFound,
      details: null,
    });
  });
}
