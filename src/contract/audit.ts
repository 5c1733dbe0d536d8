import { z } from 'zod';
import { idSchema } from './fields';
import { listQueryBase } from './list-query';

/** What an audit entry is about (the admin screens' names, not table names). */
export const AUDIT_RESOURCES = [
  'genres',
  'artists',
  'albums',
  'songs',
  'playlists',
  'banners',
  'users',
  'settings',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

/** `toggle` is an update that flipped one on/off field and nothing else. */
export const AUDIT_ACTIONS = ['create', 'update', 'toggle', 'delete', 'password-reset'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SORTS = ['newest', 'oldest'] as const;

/** One changed field: its value before and after, or only `secret: true` for a secret that changed. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  secret: z.literal(true).optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  adminId: z.number().nullable(),
  adminUsername: z.string(),
  resource: z.enum(AUDIT_RESOURCES),
  recordId: z.number().nullable(),
  /** The record's name or title when the change was made. */
  recordLabel: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Must be a real calendar date');

export const auditListQuerySchema = listQueryBase.omit({ q: true }).extend({
  sort: z.enum(AUDIT_SORTS).default('newest'),
  adminId: idSchema.optional(),
  resource: z.enum(AUDIT_RESOURCES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  recordId: idSchema.optional(),
  /** First UTC day included. */
  from: day.optional(),
  /** Last UTC day included. */
  to: day.optional(),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export type AuditListParams = z.output<typeof auditListQuerySchema>;

/** The admins who appear in the log (for the admin filter). */
export const auditAdminSchema = z.object({ id: z.number(), username: z.string() });
export type AuditAdmin = z.infer<typeof auditAdminSchema>;
