import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/fields';
import { genreInputSchema, genreListQuerySchema, genreSchema } from '../../../contract/genres';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { genresRepo } from './repo';

export function genreRoutes(database: Database) {
  const genres = genresRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['genres'];

    r.get(
      '/api/genres',
      {
        config: { access: 'admin', cache: cachedRead('genres') },
        schema: { tags, querystring: genreListQuerySchema, response: { 200: z.array(genreSchema) } },
      },
      async (request, reply) => withTotal(reply, await genres.list(request.query)),
    );

    r.get(
      '/api/genres/:id',
      {
        config: { access: 'admin', cache: cachedRead('genres') },
        schema: { tags, params: idParamsSchema, response: { 200: genreSchema } },
      },
      async (request) => orNotFound(await genres.get(request.params.id), 'Genre'),
    );

    r.post(
      '/api/genres',
      {
        config: { access: 'admin' },
        schema: { tags, body: genreInputSchema, response: { 201: genreSchema } },
      },
      async (request, reply) => {
        const id = await genres.create({ description: null, ...request.body });
        return reply.status(201).send(orNotFound(await genres.get(id), 'Genre'));
      },
    );

    r.put(
      '/api/genres/:id',
      {
        config: { access: 'admin' },
        schema: { tags, params: idParamsSchema, body: genreInputSchema, response: { 200: genreSchema } },
      },
      async (request) => {
        const found = await genres.update(request.params.id, { description: null, ...request.body });
        if (!found) throw notFound('Genre');
        return orNotFound(await genres.get(request.params.id), 'Genre');
      },
    );

    r.delete(
      '/api/genres/:id',
      { config: { access: 'admin' }, schema: { tags, params: idParamsSchema } },
      async (request, reply) => {
        if (!(await genres.delete(request.params.id))) throw notFound('Genre');
        return reply.status(204).send();
      },
    );
  };
}
