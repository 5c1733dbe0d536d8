import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../contract/envelope';
import { idParamsSchema } from '../../contract/fields';
import { activeBannerSchema, activeBannersQuerySchema, bannerCounterSchema } from '../../contract/mobile';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { activeBannersRepo } from './banners-repo';

/** The banners the app shows now, and the impression and click counters the banner screen reads. */
export function mobileBannerRoutes(database: Database, clock: Clock) {
  const banners = activeBannersRepo(database.db, clock);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['banners'];
    const config = { access: 'public' } as const;

    r.get(
      '/api/banners/active',
      {
        config,
        schema: {
          tags,
          summary: 'Active banners within their dates today, priority 10 first',
          querystring: activeBannersQuerySchema,
          response: { 200: successEnvelope(z.array(activeBannerSchema)) },
        },
      },
      async (request) => ok(await banners.list(request.query.position)),
    );

    for (const [path, counter] of [
      ['impression', banners.impression],
      ['click', banners.click],
    ] as const) {
      r.post(
        `/api/banners/:id/${path}`,
        {
          config,
          schema: {
            tags,
            summary: `Count one ${path} of a banner the app is showing`,
            params: idParamsSchema,
            response: { 200: successEnvelope(bannerCounterSchema) },
          },
        },
        async (request) => {
          const count = await counter(request.params.id);
          if (count === undefined) throw notFound('Banner');
          return ok({ id: request.params.id, count });
        },
      );
    }
  };
}
