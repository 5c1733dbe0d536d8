import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerInputSchema,
  bannerListQuerySchema,
  bannerSchema,
  bannerUpdateSchema,
} from '../../../contract/banners';
import { idParamsSchema } from '../../../contract/fields';
import { type Clock, systemClock, utcDay } from '../../clock';
import type { Database } from '../../db/database';
import { keepFiles, type ReleaseFiles } from '../../db/released-files';
import { notFound, orNotFound } from '../../http/errors';
import { withTotal } from '../../http/list-reply';
import { noContent } from '../../openapi/route-docs';
import { bannerUpdateDocumentedSchema } from '../../openapi/schemas';
import { type BannerFields, bannersRepo } from './repo';

/** The parsed full banner with the optional fields the form may leave out made explicit. */
const fieldsOf = (body: z.output<typeof bannerInputSchema>): BannerFields => ({
  ...body,
  description: body.description ?? null,
  imageUrl: body.imageUrl ?? null,
  targetUrl: body.targetUrl ?? null,
  startDate: body.startDate ?? null,
  endDate: body.endDate ?? null,
});

/** `release` removes the image an update or delete leaves unused, after the commit. */
export function bannerRoutes(
  database: Database,
  clock: Clock = systemClock,
  release: ReleaseFiles = keepFiles,
) {
  const banners = bannersRepo(database.db, database.dialect);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['banners'];

    r.get(
      '/api/banners',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'List banners',
          description: 'Searches title and description; filters by position and active flag.',
          querystring: bannerListQuerySchema,
          response: { 200: z.array(bannerSchema) },
        },
      },
      async (request, reply) => withTotal(reply, await banners.list(request.query, utcDay(clock))),
    );

    r.get(
      '/api/banners/:id',
      {
        config: { access: 'admin' },
        schema: { tags, summary: 'Get a banner', params: idParamsSchema, response: { 200: bannerSchema } },
      },
      async (request) => orNotFound(await banners.get(request.params.id), 'Banner'),
    );

    r.post(
      '/api/banners',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Create a banner',
          body: bannerInputSchema,
          response: { 201: bannerSchema },
        },
      },
      async (request, reply) => {
        const id = await banners.create(fieldsOf(request.body));
        return reply.status(201).send(orNotFound(await banners.get(id), 'Banner'));
      },
    );

    r.put(
      '/api/banners/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Replace a banner, or switch it on or off',
          description:
            'A body of `{isActive}` alone flips the active flag; any other body replaces the whole banner.',
          params: idParamsSchema,
          body: bannerUpdateSchema,
          documentedBody: bannerUpdateDocumentedSchema,
          response: { 200: bannerSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const body = request.body;
        const found =
          'title' in body
            ? await banners.update(id, fieldsOf(body))
            : await banners.setActive(id, body.isActive);
        if (!found) throw notFound('Banner');
        if (typeof found === 'object') await release(found.released, request.log);
        return orNotFound(await banners.get(id), 'Banner');
      },
    );

    r.delete(
      '/api/banners/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Delete a banner',
          params: idParamsSchema,
          response: { 204: noContent('Deleted') },
        },
      },
      async (request, reply) => {
        const deleted = await banners.delete(request.params.id);
        if (!deleted) throw notFound('Banner');
        await release(deleted.released, request.log);
        return reply.status(204).send();
      },
    );
  };
}
