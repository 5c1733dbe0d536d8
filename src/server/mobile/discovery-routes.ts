import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../contract/envelope';
import { featuredSchema, searchQuerySchema, searchResultSchema } from '../../contract/mobile';
import type { Database } from '../db/database';
import { cachedRead } from '../db/reads';
import { publicCacheHeaders } from '../http/audience';
import { ok } from '../http/envelope';
import { featuredReads } from './featured';
import { catalogueSearch } from './search';

/** GET /api/search and GET /api/featured: what anyone may find in the catalogue. */
export function discoveryRoutes(database: Database) {
  const search = catalogueSearch(database);
  const featured = featuredReads(database);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/search',
      {
        config: { access: 'public', cache: cachedRead('search') },
        onRequest: publicCacheHeaders,
        schema: {
          tags: ['search'],
          summary: 'Search published songs, artists and albums (case and Arabic letter variants folded)',
          querystring: searchQuerySchema,
          response: { 200: successEnvelope(searchResultSchema) },
        },
      },
      async (request) => ok(await search(request.query)),
    );

    r.get(
      '/api/featured',
      {
        config: { access: 'public', cache: cachedRead('featured') },
        onRequest: publicCacheHeaders,
        schema: {
          tags: ['featured'],
          summary: 'Featured public playlists, new releases and the most played songs',
          response: { 200: successEnvelope(featuredSchema) },
        },
      },
      async () => ok(await featured()),
    );
  };
}
