import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resetTokenSchema } from '../../../contract/accounts';
import { idParamsSchema } from '../../../contract/fields';
import type { Database } from '../../db/database';
import { passwordResets } from './reset-tokens';

/** What the admin does for an app user's account: hand out a one-time password reset token. */
export function accountAdminRoutes(database: Database) {
  const resets = passwordResets(database.db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/users/:id/password-reset',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['users'],
          summary:
            'Issue a one-time password reset token for an app user (valid 24 hours; earlier ones stop working)',
          params: idParamsSchema,
          response: { 201: resetTokenSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await resets.issue(request.params.id)),
    );
  };
}
