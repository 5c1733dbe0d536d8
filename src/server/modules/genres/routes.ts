import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/fields';
import { genreInputSchema, genreListQuerySchema, genreSchema } from '../../../contract/genres';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { resolveAudience } from '../../http/audience';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { noContent } from '../../openapi/route-docs';
import { genresRepo } from './repo';

export function genreRoutes(database: Database) {
  const genres = genresRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['genres'];

    const audience = resolveAudience(app);

    r.get(
      '/api/genres',
      {
        config: { access: 'public', cache: cachedRead('genres') },
        onRequest: audience,
        schema: {
          tags,
          summary: 'Genres: all for an admin, active ones for anyone else',
          querystring: genreListQuerySchema,
          response: { 200: z.array(genreSchema) },
        },
      },
      async (request, reply) => {
        if (request.admin) return withTotal(reply, await genres.list(request.query));
        if (request.query.active === false) return withTotal(reply, { rows: [], total: 0 });
        return withTotal(reply, await genres.list({ ...request.query, active: true }, true));
      },
    );

    r.get(
      '/api/genres/:id',
      {
        config: { access: 'public', cache: cachedRead('genres') },
        onRequest: audience,
        schema: {
          tags,
          summary: 'One genre (anyone but an admin: active genres only, else 404)',
          params: idParamsSchema,
          response: { 200: genreSchema },
        },
      },
      async (request) => {
        const genre = orNotFound(await genres.get(request.params.id, !request.admin), 'Genre');
        if (!request.admin && !genre.isActive) throw notFound('Genre');
        return genre;
      },
    );

    r.post(
      '/api/genres',
      {
        config: { access: 'admin' },
        schema: { tags, summary: 'Create a genre', body: genreInputSchema, response: { 201: genreSchema } },
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
        schema: {
          tags,
          summary: 'Replace a genre',
          description: 'Fields left out take their defaults (description cleared, colour #FF6B6B, active).',
          params: idParamsSchema,
          body: genreInputSchema,
          response: { 200: genreSchema },
        },
      },
      async (request) => {
        const found = await genres.update(request.params.id, { description: null, ...request.body });
        if (!found) throw notFound('Genre');
        return orNotFound(await genres.get(request.params.id), 'Genre');
      },
    );

    r.delete(
      '/api/genres/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete a genre',
          description: 'Its albums and songs stay, without a genre.',
          params: idParamsSchema,
          response: { 204: noContent('Deleted') },
        },
      },
      async (request, reply) => {
        if (!(await genres.delete(request.params.id))) throw notFound('Genre');
        return reply.status(204).send();
      },
    );
  };
}
