import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/fields';
import { appUserSchema, userListQuerySchema, userUpdateSchema } from '../../../contract/users';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { noContent } from '../../openapi/route-docs';
import { usersRepo } from './repo';

/** The app's users (mobile accounts), not the admins of this console. */
export function userRoutes(database: Database) {
  const users = usersRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['users'];

    r.get(
      '/api/users',
      {
        config: { access: 'admin', cache: cachedRead('appUsers') },
        schema: {
          tags,
          summary: 'List app users',
          description:
            'Searches names, username and email; filters by status, account (pro/free) and sign-up method.',
          querystring: userListQuerySchema,
          response: { 200: z.array(appUserSchema) },
        },
      },
      async (request, reply) => withTotal(reply, await users.list(request.query)),
    );

    r.get(
      '/api/users/:id',
      {
        config: { access: 'admin', cache: cachedRead('appUsers') },
        schema: {
          tags,
          summary: 'Get an app user',
          params: idParamsSchema,
          response: { 200: appUserSchema },
        },
      },
      async (request) => orNotFound(await users.get(request.params.id), 'User'),
    );

    r.put(
      '/api/users/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Make Pro or suspend an app user',
          description:
            'Sends `isPremium`, `isActive` (false = suspended) or both; other fields stay as they are.',
          params: idParamsSchema,
          body: userUpdateSchema,
          response: { 200: appUserSchema },
        },
      },
      async (request) => {
        if (!(await users.update(request.params.id, request.body))) throw notFound('User');
        return orNotFound(await users.get(request.params.id), 'User');
      },
    );

    r.delete(
      '/api/users/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete an app user',
          params: idParamsSchema,
          response: { 204: noContent('Deleted') },
        },
      },
      async (request, reply) => {
        if (!(await users.delete(request.params.id))) throw notFound('User');
        return reply.status(204).send();
      },
    );
  };
}
