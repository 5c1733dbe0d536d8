import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    app.get(
      '/api/health',
      { config: { access: 'public' }, schema: { tags: ['health'] } },
      async (_request, reply) => {
        try {
          await sql`select 1`.execute(database.db);
          return { status: 'ok', database: database.dialect };
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
