import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/fields';
import { publicSongSchema, toPublicSong } from '../../../contract/mobile';
import { songListQuerySchema, songSchema } from '../../../contract/songs';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { keepFiles, type ReleaseFiles } from '../../db/released-files';
import { resolveAudience } from '../../http/audience';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { noContent } from '../../openapi/route-docs';
import { songsRepo } from './repo';

/** `release` removes the audio a delete leaves unused, after the commit. */
export function songRoutes(database: Database, release: ReleaseFiles = keepFiles) {
  const songs = songsRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['songs'];

    const audience = resolveAudience(app);

    r.get(
      '/api/songs',
      {
        config: { access: 'public', cache: cachedRead('songs') },
        onRequest: audience,
        schema: {
          tags,
          summary: 'Songs: everything for an admin; published songs without audio locations for anyone else',
          querystring: songListQuerySchema,
          response: { 200: z.union([z.array(songSchema), z.array(publicSongSchema)]) },
        },
      },
      async (request, reply) => {
        if (request.admin) return withTotal(reply, await songs.list(request.query));
        // The app's audience narrows a requested filter, never widens it: drafts answer an empty list.
        if (request.query.status && request.query.status !== 'published') {
          return withTotal(reply, { rows: [], total: 0 });
        }
        const page = await songs.list({ ...request.query, status: 'published' });
        return withTotal(reply, { rows: page.rows.map(toPublicSong), total: page.total });
      },
    );

    r.get(
      '/api/songs/:id',
      {
        config: { access: 'public', cache: cachedRead('songs') },
        onRequest: audience,
        schema: {
          tags,
          summary: 'One song (anyone but an admin: published songs only, else 404)',
          params: idParamsSchema,
          response: { 200: z.union([songSchema, publicSongSchema]) },
        },
      },
      async (request) => {
        const song = orNotFound(await songs.get(request.params.id), 'Song');
        if (request.admin) return song;
        if (song.status !== 'published') throw notFound('Song');
        return toPublicSong(song);
      },
    );

    r.delete(
      '/api/songs/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete a song',
          description: 'Deletes only the song (not its album) and then its stored audio file.',
          params: idParamsSchema,
          response: { 204: noContent('Deleted') },
        },
      },
      async (request, reply) => {
        const deleted = await songs.delete(request.params.id);
        if (!deleted) throw notFound('Song');
        await release(deleted.released, request.log);
        return reply.status(204).send();
      },
    );
  };
}
