import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../../contract/errors';
import { idParamsSchema } from '../../../contract/fields';
import type { Database } from '../../db/database';
import { HttpError, orNotFound } from '../../http/errors';
import { extensionOf } from '../../media/keys';
import type { MediaService } from '../../media/media-service';
import { sendStored } from '../../media/send-stored';
import { binary, errors, noContent } from '../../openapi/route-docs';
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
        schema: {
          tags: ['songs'],
          summary: "Download a song's audio",
          description:
            'The audio as an attachment named from the title (`Content-Disposition`, UTF-8 name in ' +
            '`filename*`). `Range: bytes=start-end` answers 206 with that part.',
          params: idParamsSchema,
          produces: ['audio/*'],
          response: {
            200: binary('audio/*', 'The whole audio file'),
            206: binary('audio/*', 'The requested range (`Content-Range` says which)'),
            302: noContent('The file lives in a bucket this server no longer reaches: `Location` is its URL'),
            ...errors({
              404: 'No such song, or it has no audio file ("No audio file available for download").',
              416: 'The range is beyond the end of the file; `details.size` is its length.',
            }),
          },
        },
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
