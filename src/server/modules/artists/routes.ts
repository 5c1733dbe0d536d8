import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { artistInputSchema, artistListQuerySchema, artistSchema } from '../../../contract/artists';
import { idParamsSchema } from '../../../contract/fields';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { keepFiles, type ReleaseFiles } from '../../db/released-files';
import { resolveAudience } from '../../http/audience';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { errors, noContent } from '../../openapi/route-docs';
import { type ArtistFields, artistsRepo } from './repo';

/** A PUT replaces every field: the ones left out are cleared. */
const fields = (body: z.output<typeof artistInputSchema>): ArtistFields => ({
  name: body.name,
  country: body.country ?? null,
  bio: body.bio ?? null,
  avatar: body.avatar ?? null,
  verified: body.verified,
});

/** `release` removes the avatar an update or delete leaves unused, after the commit. */
export function artistRoutes(database: Database, release: ReleaseFiles = keepFiles) {
  const artists = artistsRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['artists'];
    // The same answer for both audiences (no admin-only fields); the audience still keys the cache.
    const audience = resolveAudience(app);

    r.get(
      '/api/artists',
      {
        config: { access: 'public', cache: cachedRead('artists') },
        onRequest: audience,
        schema: {
          tags,
          summary: 'List artists',
          description: 'Searches name and country (Arabic letter variants folded).',
          querystring: artistListQuerySchema,
          response: { 200: z.array(artistSchema) },
        },
      },
      async (request, reply) => withTotal(reply, await artists.list(request.query, !request.admin)),
    );

    r.get(
      '/api/artists/:id',
      {
        config: { access: 'public', cache: cachedRead('artists') },
        onRequest: audience,
        schema: { tags, summary: 'Get an artist', params: idParamsSchema, response: { 200: artistSchema } },
      },
      async (request) => orNotFound(await artists.get(request.params.id, !request.admin), 'Artist'),
    );

    r.post(
      '/api/artists',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Create an artist',
          body: artistInputSchema,
          response: { 201: artistSchema },
        },
      },
      async (request, reply) => {
        const id = await artists.create(fields(request.body));
        return reply.status(201).send(orNotFound(await artists.get(id), 'Artist'));
      },
    );

    r.put(
      '/api/artists/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Replace an artist',
          description: 'Every field is replaced: the ones left out are cleared.',
          params: idParamsSchema,
          body: artistInputSchema,
          response: { 200: artistSchema },
        },
      },
      async (request) => {
        const updated = await artists.update(request.params.id, fields(request.body));
        if (!updated) throw notFound('Artist');
        await release(updated.released, request.log);
        return orNotFound(await artists.get(request.params.id), 'Artist');
      },
    );

    r.delete(
      '/api/artists/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete an artist',
          params: idParamsSchema,
          response: {
            204: noContent('Deleted'),
            ...errors({ 409: 'The artist still has albums; `details.albums` says how many.' }),
          },
        },
      },
      async (request, reply) => {
        const deleted = await artists.delete(request.params.id);
        if (!deleted) throw notFound('Artist');
        await release(deleted.released, request.log);
        return reply.status(204).send();
      },
    );
  };
}
