import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AUDIO_MAX_BYTES } from '../../contract/media';
import { audioRoutes } from './audio-routes';
import { imageRoutes } from './image-routes';
import type { MediaService } from './media-service';
import { mediaServeRoutes } from './serve-routes';

/**
 * Uploads and local media serving. Multipart is accepted only by the routes in here: one file per
 * request and a handful of small fields; each route narrows the file size further.
 */
export function mediaRoutes(media: MediaService) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: AUDIO_MAX_BYTES + 1,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 12,
        headerPairs: 50,
      },
    });
    await app.register(imageRoutes(media));
    await app.register(audioRoutes(media));
    await app.register(mediaServeRoutes(media));
  };
}
