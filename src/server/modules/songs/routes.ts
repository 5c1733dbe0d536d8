import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/fields';
import { songListQuerySchema, songSchema } from '../../../contract/songs';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { songsRepo } from './repo';

export interface SongRouteHooks {
  /** Runs after a song's row is deleted and committed, e.g. to remove its stored audio file. */
  afterDelete?(song: { id: number; audioFileUrl: string | null }): Promise<void>;
}

/** The admin song list, one song, and delete. Creating songs and their files is the media module's. */
export function songRoutes(database: Database, hooks: SongRouteHooks = {}) {
  const songs = songsRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['songs'];

    r.get(
      '/api/songs',
      {
        config: { access: 'admin', cache: cachedRead('songs') },
        schema: { tags, querystring: songListQuerySchema, response: { 200: z.array(songSchema) } },
      },
      async (request, reply) => withTotal(reply, await songs.list(request.query)),
    );

    r.get(
      '/api/songs/:id',
      {
        config: { access: 'admin', cache: cachedRead('songs') },
        schema: { tags, params: idParamsSchema, response: { 200: songSchema } },
      },
      async (request) => orNotFound(await songs.get(request.params.id), 'Song'),
    );

    r.delete(
      '/api/songs/:id',
      { config: { access: 'admin' }, schema: { tags, params: idParamsSchema } },
      async (request, reply) => {
        const deleted = await songs.delete(request.params.id);
        if (!deleted) throw notFound('Song');
        await hooks.afterDelete?.({ id: request.params.id, audioFileUrl: deleted.audioFileUrl });
        return reply.status(204).send();
      },
    );
  };
}
