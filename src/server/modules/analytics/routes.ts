import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema, successEnvelope } from '../../../contract/dashboard';
import type { Database } from '../../db/database';
import { analyticsRepo } from './repo';

export function analyticsRoutes(database: Database) {
  const analytics = analyticsRepo(database.db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/analytics/dashboard',
      { schema: { tags: ['analytics'], response: { 200: successEnvelope(dashboardSchema) } } },
      async () => ({ success: true as const, data: await analytics.dashboard() }),
    );
  };
}
