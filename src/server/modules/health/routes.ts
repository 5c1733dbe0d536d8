import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { errors, responseExample } from '../../openapi/route-docs';

const healthSchema = responseExample(
  z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
  { status: 'ok', database: 'sqlite' },
);

export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Check the server and its database',
          response: {
            200: healthSchema,
            ...errors({ 503: 'The database is unreachable (code DATABASE_UNAVAILABLE).' }),
          },
        },
      },
      async (_request, reply) => {
        try {
          await sql`select 1`.execute(database.db);
          return { status: 'ok' as const, database: database.dialect };
        } catch (err) {
          app.log.error({ err }, 'health check: database unreachable');
          return reply
            .status(503)
            .send({ error: 'Database unavailable', code: 'DATABASE_UNAVAILABLE', details: null });
        }
      },
    );
  };
}
