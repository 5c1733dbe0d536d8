import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../../contract/errors';
import { idParamsSchema } from '../../../contract/fields';
import type { Database } from '../../db/database';
import { HttpError, orNotFound } from '../../http/errors';
import { extensionOf } from '../../media/keys';
import type { MediaService } from '../../media/media-service';
import { sendStored } from '../../media/send-stored';
import { getSong } from './repo';

const NO_AUDIO = 'No audio file available for download';
const noAudio = () => new HttpError(404, ErrorCode.notFound, NO_AUDIO);

/**
 * GET /api/songs/:id/download: the song's audio as an attachment named from its title, with the
 * extension of the stored format; Range works as on /media. A file in a bucket the current settings
 * no longer reach is handed over by redirecting to its own URL.
 */
export function songDownloadRoutes(database: Database, media: MediaService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/songs/:id/download',
      {
        config: { access: 'admin' },
        schema: { tags: ['songs'], params: idParamsSchema, produces: ['audio/*'] },
      },
      async (request, reply) => {
        const song = orNotFound(await getSong(database.db, request.params.id), 'Song');
        if (!song.audioFileUrl) throw noAudio();
        const target = await media.locate(song.audioFileUrl);
        if (!target) {
          if (/^https?:\/\//i.test(song.audioFileUrl)) return reply.redirect(song.audioFileUrl, 302);
          throw noAudio();
        }
        const name = `${song.title}.${extensionOf(target.key) ?? 'mp3'}`;
        return sendStored(request, reply, target, { attachmentName: name, missingMessage: NO_AUDIO });
      },
    );
  };
}
