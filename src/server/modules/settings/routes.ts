import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsSchema } from '../../../contract/settings';
import type { Database } from '../../db/database';
import { settingsRepo } from './repo';

/** App settings: secrets are write-only (answered masked) and encrypted at rest under SECRET_KEY. */
export function settingsRoutes(database: Database, secretKey: string) {
  const settings = settingsRepo(database.db, secretKey);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['settings'];

    r.get(
      '/api/settings',
      { config: { access: 'admin' }, schema: { tags, response: { 200: settingsSchema } } },
      async () => settings.masked(),
    );

    r.put(
      '/api/settings',
      {
        config: { access: 'admin' },
        schema: { tags, body: settingsSchema, response: { 200: settingsSchema } },
      },
      async (request) => {
        await settings.save(request.body);
        return settings.masked();
      },
    );
  };
}
