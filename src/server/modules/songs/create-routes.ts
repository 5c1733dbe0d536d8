import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchSongsRequestSchema, batchSongsResponseSchema } from '../../../contract/media';
import { songInputSchema, songSchema } from '../../../contract/songs';
import type { Database } from '../../db/database';
import { orNotFound } from '../../http/errors';
import type { MediaService } from '../../media/media-service';
import { batchSongsDocumentedSchema } from '../../openapi/schemas';
import { getSong } from './repo';
import { type SongInput, songSaver } from './save';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first problem of an invalid song, named like the error envelope names it ("title: …"). */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid song';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** POST /api/songs (one song) and POST /api/upload/batch-songs (each song saved or refused whole). */
export function songCreateRoutes(database: Database, media: MediaService) {
  const saver = songSaver(database, media);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/songs',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['songs'],
          summary: 'Save a song',
          description:
            '`audioFileUrl` must be a file uploaded to this server (POST /api/upload/audio); its size and ' +
            'duration are taken from the stored file. An unknown album or genre answers 400.',
          body: songInputSchema,
          response: { 201: songSchema },
        },
      },
      async (request, reply) => {
        const id = await saver.saveOne(request.body);
        return reply.status(201).send(orNotFound(await getSong(database.db, id), 'Song'));
      },
    );

    r.post(
      '/api/upload/batch-songs',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['upload'],
          summary: 'Save many songs at once',
          description:
            'Each song is validated and saved on its own, all or nothing per song: the saved ones come back ' +
            'in `success`, the others in `failed` with the song as sent and the reason. At most 1000 songs.',
          body: batchSongsRequestSchema,
          documentedBody: batchSongsDocumentedSchema,
          response: { 200: batchSongsResponseSchema },
        },
      },
      async (request) => {
        const failed: { at: number; originalData: Record<string, unknown>; error: string }[] = [];
        const valid: { at: number; input: SongInput; original: Record<string, unknown> }[] = [];
        request.body.songs.forEach((item, at) => {
          const original = isRecord(item) ? item : { value: item };
          const parsed = songInputSchema.safeParse(item);
          if (parsed.success) valid.push({ at, input: parsed.data, original });
          else failed.push({ at, originalData: original, error: firstIssue(parsed.error) });
        });
        const files = await saver.audioFiles(valid.map((v) => v.input));
        const savedIds: number[] = [];
        for (const { at, input, original } of valid) {
          const result = await saver.trySave(input, files);
          if ('id' in result) savedIds.push(result.id);
          else {
            if (result.cause) request.log.error({ err: result.cause }, 'saving a song of a batch failed');
            failed.push({ at, originalData: original, error: result.error });
          }
        }
        failed.sort((a, b) => a.at - b.at);
        const success = await saver.songs(savedIds);
        return {
          success,
          failed: failed.map(({ originalData, error }) => ({ originalData, error })),
          successCount: success.length,
          failedCount: failed.length,
        };
      },
    );
  };
}
