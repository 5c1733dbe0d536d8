import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../contract/envelope';
import { idParamsSchema } from '../../contract/fields';
import { followStateSchema, likeStateSchema } from '../../contract/mobile';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { reactionsRepo } from './reactions-repo';

const userIdOf = (request: FastifyRequest): number => {
  if (!request.appUser) throw new Error('app-user route reached without an app user');
  return request.appUser.id;
};

/** POST/DELETE /api/songs/{id}/like and /api/artists/{id}/follow: idempotent, the count after the call. */
export function reactionRoutes(database: Database, clock: Clock) {
  const reactions = reactionsRepo(database.db, clock);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'appUser' } as const;

    for (const liked of [true, false]) {
      r.route({
        method: liked ? 'POST' : 'DELETE',
        url: '/api/songs/:id/like',
        config,
        schema: {
          tags: ['songs'],
          summary: liked ? 'Like a published song (again is a no-op)' : 'Remove your like (none is a no-op)',
          params: idParamsSchema,
          response: { 200: successEnvelope(likeStateSchema) },
        },
        handler: async (request) => {
          const songId = request.params.id;
          const userId = userIdOf(request);
          const count = liked ? await reactions.like(userId, songId) : await reactions.unlike(userId, songId);
          if (count === undefined) throw notFound('Song');
          return ok({ songId, liked, likesCount: count });
        },
      });
    }

    for (const following of [true, false]) {
      r.route({
        method: following ? 'POST' : 'DELETE',
        url: '/api/artists/:id/follow',
        config,
        schema: {
          tags: ['artists'],
          summary: following ? 'Follow an artist (again is a no-op)' : 'Stop following (none is a no-op)',
          params: idParamsSchema,
          response: { 200: successEnvelope(followStateSchema) },
        },
        handler: async (request) => {
          const artistId = request.params.id;
          const count = await reactions.follow(userIdOf(request), artistId, following);
          if (count === undefined) throw notFound('Artist');
          return ok({ artistId, following, followersCount: count });
        },
      });
    }
  };
}
