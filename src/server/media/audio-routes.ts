import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../contract/errors';
import {
  AUDIO_MAX_BYTES,
  audioUploadResponseSchema,
  extractMetadataResponseSchema,
} from '../../contract/media';
import { abortLogFields, clientAborted, isClientAbort } from '../http/client-abort';
import { HttpError } from '../http/errors';
import { errors, type UploadDoc } from '../openapi/route-docs';
import { ingestAudio } from './audio-ingest';
import type { MediaService } from './media-service';
import { singleUpload } from './upload-part';

const tags = ['upload'];

const audioUpload: UploadDoc = {
  field: 'audio',
  anyFieldName: true,
  description: 'The audio file: MP3, WAV, FLAC, AAC/M4A or OGG',
  contentTypes: ['audio/mpeg', 'audio/wav', 'audio/flac', 'audio/mp4', 'audio/aac', 'audio/ogg'],
  maxBytes: AUDIO_MAX_BYTES,
};

const audioErrors = errors({
  400: 'No file, a malformed form, or audio that cannot be read (e.g. truncated).',
  413: 'Larger than 50 MB.',
  415: 'Not a multipart form, or the file is not audio of an accepted format.',
});

/** A client's error passes as it is; a failure of the store answers the spec's words (logged whole). */
function storeFailure(err: unknown, request: FastifyRequest): unknown {
  const log = request.log;
  if (isClientAbort(err, request.raw)) {
    log.info(abortLogFields(err), 'client aborted the upload');
    return clientAborted();
  }
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (err instanceof HttpError || (typeof status === 'number' && status < 500)) return err;
  log.error({ err }, 'storing an audio file failed');
  return new HttpError(500, ErrorCode.internal, 'Failed to upload audio file');
}

/** Audio uploads: one file per multipart request (field `audio`, or any field name). */
export function audioRoutes(media: MediaService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/extract-metadata',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Read the tags of an audio file',
          description:
            'Reads title, lyricist, artist, album, duration, format and embedded cover, and whether the same ' +
            'audio is already a song, without storing anything.',
          upload: audioUpload,
          response: { 200: extractMetadataResponseSchema, ...audioErrors },
        },
      },
      async (request) => {
        const part = await singleUpload(request, { label: 'Audio', maxBytes: AUDIO_MAX_BYTES });
        const audio = await ingestAudio(part.file, { maxBytes: AUDIO_MAX_BYTES, store: null, cover: true });
        return {
          ...audio.reading.tags,
          duration: audio.duration,
          format: audio.format,
          fileSize: audio.size,
          sha256: audio.sha256,
          cover: audio.reading.cover,
          duplicateOfSongId: await media.files.songWithAudio(audio.sha256),
        };
      },
    );

    r.post(
      '/api/upload/audio',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Upload an audio file',
          description:
            'Stores the file (MP3, WAV, FLAC, AAC/M4A or OGG, at most 50 MB) under a generated name and answers ' +
            'its URL with what its tags say; save it as a song with POST /api/songs or the batch save.',
          upload: audioUpload,
          response: {
            201: audioUploadResponseSchema,
            ...audioErrors,
            ...errors({ 500: 'Storing the file failed ("Failed to upload audio file").' }),
          },
        },
      },
      async (request, reply) => {
        const store = await media.activeStore();
        const part = await singleUpload(request, { label: 'Audio', maxBytes: AUDIO_MAX_BYTES });
        const audio = await ingestAudio(part.file, { maxBytes: AUDIO_MAX_BYTES, store, cover: false }).catch(
          (err: unknown) => {
            throw storeFailure(err, request);
          },
        );
        const key = audio.key as string;
        const audioUrl = store.urlFor(key);
        try {
          await media.files.record({
            url: audioUrl,
            kind: 'audio',
            contentType: audio.contentType,
            size: audio.size,
            sha256: audio.sha256,
            duration: audio.duration,
          });
        } catch (err) {
          await store.delete(key).catch(() => undefined);
          throw err;
        }
        return reply.status(201).send({
          audioUrl,
          duration: audio.duration,
          fileSize: audio.size,
          format: audio.format,
          sha256: audio.sha256,
          duplicateOfSongId: await media.files.songWithAudio(audio.sha256),
          metadata: audio.reading.tags,
        });
      },
    );
  };
}
