import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditAdminSchema, auditEntrySchema, auditListQuerySchema } from '../../contract/audit';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { csvExportRoute } from '../http/csv-export';
import { withTotal } from '../http/list-reply';
import { AUDIT_CSV_COLUMNS } from './csv-columns';
import { auditLogRepo } from './repo';
import { scheduleAuditPrune } from './retention';

/** The read-only audit log of admin writes, and its retention job. */
export function auditLogRoutes(database: Database, retention: { clock: Clock; retentionDays: number }) {
  const log = auditLogRepo(database.db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['audit log'];
    scheduleAuditPrune(app, log, retention);

    r.get(
      '/api/audit-log',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'List audit entries',
          description:
            'Every admin write: who, when, which record, the action and the changed fields before and after ' +
            '(secrets only as changed). Filters by admin, resource, action, record and UTC days (from/to inclusive).',
          querystring: auditListQuerySchema,
          response: { 200: z.array(auditEntrySchema) },
        },
      },
      async (request, reply) => withTotal(reply, await log.list(request.query)),
    );

    csvExportRoute(app, {
      path: '/api/audit-log/export.csv',
      name: 'audit-log',
      tags,
      query: auditListQuerySchema,
      list: (q) => log.list(q),
      columns: AUDIT_CSV_COLUMNS,
      clock: retention.clock,
    });

    r.get(
      '/api/audit-log/admins',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'List the admins (for the audit log filter)',
          response: { 200: z.array(auditAdminSchema) },
        },
      },
      async () => log.admins(),
    );
  };
}
