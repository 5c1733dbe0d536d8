import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../contract/errors';
import { idParamsSchema } from '../../contract/fields';
import { signedAudioQuerySchema } from '../../contract/mobile';
import type { Clock } from '../clock';
import { HttpError, notFound } from '../http/errors';
import { extensionOf } from '../media/keys';
import type { MediaService } from '../media/media-service';
import { sendStored } from '../media/send-stored';
import { binary, errors, noContent } from '../openapi/route-docs';
import type { PlaybackRepo } from './playback-repo';
import type { AudioUrlSigner } from './signed-urls';

/**
 * GET /api/songs/{id}/audio: the audio behind a signed stream or download URL, with Range. The
 * signature is the credential: an altered URL (another song, purpose or expiry) is a 403, a genuine
 * one past its expiry a 410, a song no longer published a 404.
 */
export function signedAudioRoutes(
  media: MediaService,
  playback: PlaybackRepo,
  signer: AudioUrlSigner,
  clock: Clock,
) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.route({
      method: ['GET', 'HEAD'],
      url: '/api/songs/:id/audio',
      config: { access: 'public' },
      schema: {
        tags: ['songs'],
        summary: 'Audio of a signed stream or download URL (from POST /api/songs/{id}/stream or /download)',
        params: idParamsSchema,
        querystring: signedAudioQuerySchema,
        produces: ['audio/*'],
        description:
          'The signature is the credential (no token): `Range: bytes=start-end` answers 206 with that part; ' +
          'a download URL answers the file as an attachment named from the title.',
        response: {
          200: binary('audio/*', 'The whole audio file'),
          206: binary('audio/*', 'The requested range (`Content-Range` says which)'),
          302: noContent('The file lives in a bucket: `Location` is its URL'),
          ...errors({
            403: 'The URL was altered: another song, purpose or expiry (code INVALID_SIGNATURE).',
            404: 'No such song, or it is no longer published.',
            410: 'The URL has expired (code LINK_EXPIRED): ask for a new one.',
            416: 'The range is beyond the end of the file; `details.size` is its length.',
          }),
        },
      },
      handler: async (request, reply) => {
        const { id } = request.params;
        const { expires, signature, download } = request.query;
        const purpose = download === '1' ? 'download' : 'stream';
        const check = signer.check(id, purpose, expires, signature);
        if (check === 'invalid') throw new HttpError(403, ErrorCode.invalidSignature, 'Invalid signature');
        if (check === 'expired') throw new HttpError(410, ErrorCode.linkExpired, 'This link has expired');
        const song = await playback.playable(id);
        if (!song) throw notFound('Song');
        const target = await media.locate(song.audioFileUrl);
        if (!target) {
          if (/^https?:\/\//i.test(song.audioFileUrl)) return reply.redirect(song.audioFileUrl, 302);
          throw notFound('Song');
        }
        const secondsLeft = Math.max(0, expires - Math.floor(clock().getTime() / 1000));
        return sendStored(request, reply, target, {
          cacheControl: `private, max-age=${secondsLeft}`,
          ...(purpose === 'download' && {
            attachmentName: `${song.title}.${extensionOf(target.key) ?? 'mp3'}`,
          }),
        });
      },
    });
  };
}
