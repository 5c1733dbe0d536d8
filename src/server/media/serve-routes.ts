import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import type { MediaService } from './media-service';
import { sendStored } from './send-stored';

/**
 * GET (and HEAD) /media/<key>: files on local disk, public like the SPA (outside /api, so the auth
 * guard lets them through). Only generated keys resolve; anything else, `..` included, is a 404.
 * Files in a bucket are served by the bucket itself from their absolute URL.
 */
export function mediaServeRoutes(media: MediaService) {
  return async (app: FastifyInstance) => {
    // HEAD is declared, not derived from GET, so it answers the real length without reading the file.
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/media/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const key = media.local.keyFromUrl(`/media/${request.params['*']}`);
        if (!key) throw notFound('File');
        return sendStored(request, reply, { store: media.local, key });
      },
    });
  };
}
