import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../contract/envelope';
import { ErrorCode } from '../../contract/errors';
import { idParamsSchema } from '../../contract/fields';
import { downloadResponseSchema, streamRequestSchema, streamResponseSchema } from '../../contract/mobile';
import type { Clock } from '../clock';
import { ok } from '../http/envelope';
import { HttpError, notFound } from '../http/errors';
import { extensionOf } from '../media/keys';
import type { MediaService } from '../media/media-service';
import { S3BlobStore } from '../media/s3-store';
import { attachmentDisposition } from '../media/send-stored';
import type { PlayableSong, PlaybackRepo } from './playback-repo';
import { presignedGet } from './s3-presign';
import { type AudioPurpose, type AudioUrlSigner, SIGNED_URL_TTL_SECONDS } from './signed-urls';

export interface PlaybackDeps {
  media: MediaService;
  playback: PlaybackRepo;
  signer: AudioUrlSigner;
  clock: Clock;
  /** PUBLIC_URL; otherwise the request's own origin. */
  publicUrl: string | undefined;
}

const appUserOf = (request: FastifyRequest) => {
  if (!request.appUser) throw new Error('app-user route reached without an app user');
  return request.appUser;
};

/** POST /api/songs/{id}/stream and /download: a signed, expiring URL and the event that counts the play. */
export function playbackRoutes(deps: PlaybackDeps) {
  const { media, playback, signer, clock } = deps;

  /** A presigned bucket URL for files in the bucket, else this server's signed /audio URL. */
  async function audioUrl(request: FastifyRequest, song: PlayableSong, purpose: AudioPurpose, name: string) {
    const target = await media.locate(song.audioFileUrl);
    if (target?.store instanceof S3BlobStore) {
      const now = clock();
      const disposition = purpose === 'download' ? attachmentDisposition(name) : undefined;
      return {
        url: await presignedGet(target.store, target.key, SIGNED_URL_TTL_SECONDS, now, disposition),
        expiresAt: new Date(now.getTime() + SIGNED_URL_TTL_SECONDS * 1000),
      };
    }
    const signed = signer.sign(song.id, purpose);
    const base = deps.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    return { url: `${base}${signed.path}`, expiresAt: signed.expiresAt };
  }

  const fileName = async (song: PlayableSong) => {
    const target = await media.locate(song.audioFileUrl);
    return `${song.title}.${(target && extensionOf(target.key)) ?? 'mp3'}`;
  };

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'appUser' } as const;
    const tags = ['songs'];

    r.post(
      '/api/songs/:id/stream',
      {
        config,
        schema: {
          tags,
          summary:
            'A signed URL of the audio (valid 1 hour, Range supported); counts one stream per user and song per 30 s',
          params: idParamsSchema,
          body: streamRequestSchema,
          response: { 200: successEnvelope(streamResponseSchema) },
        },
      },
      async (request) => {
        const user = appUserOf(request);
        const song = await playback.playable(request.params.id);
        if (!song) throw notFound('Song');
        const counted = await playback.recordStream(song.id, user.id, {
          deviceType: request.body?.deviceType ?? null,
          platform: request.body?.platform ?? null,
          location: request.body?.location ?? null,
        });
        const { url, expiresAt } = await audioUrl(request, song, 'stream', song.title);
        return ok({ streamUrl: url, expiresAt: expiresAt.toISOString(), counted });
      },
    );

    r.post(
      '/api/songs/:id/download',
      {
        config,
        schema: {
          tags,
          summary:
            'Pro users only: a signed URL that downloads the audio (valid 1 hour); counts one download',
          params: idParamsSchema,
          response: { 200: successEnvelope(downloadResponseSchema) },
        },
      },
      async (request) => {
        const user = appUserOf(request);
        if (!user.isPremium) throw new HttpError(403, ErrorCode.proRequired, 'Downloads are for Pro users');
        const song = await playback.playable(request.params.id);
        if (!song) throw notFound('Song');
        await playback.recordDownload(song.id, user.id);
        const name = await fileName(song);
        const { url, expiresAt } = await audioUrl(request, song, 'download', name);
        return ok({ downloadUrl: url, expiresAt: expiresAt.toISOString(), fileName: name });
      },
    );
  };
}
