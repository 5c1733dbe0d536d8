import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../contract/dashboard';
import { successEnvelope } from '../../../contract/envelope';
import type { Database } from '../../db/database';
import { cachedRead } from '../../db/reads';
import { ok } from '../../http/envelope';
import { analyticsRepo } from './repo';

export function analyticsRoutes(database: Database) {
  const analytics = analyticsRepo(database.db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/analytics/dashboard',
      {
        config: { access: 'admin', cache: cachedRead('dashboard') },
        schema: {
          tags: ['analytics'],
          summary: 'Dashboard figures',
          description:
            'Counts of users, content, engagement and active banners, recent activity and streams per day (30 days).',
          response: { 200: successEnvelope(dashboardSchema) },
        },
      },
      async () => ok(await analytics.dashboard()),
    );
  };
}
