import type { AuditResource } from '../../contract/audit';

/** The tables whose rows are audited records (Kysely names), and the resource each belongs to. */
export const AUDITED_TABLES = {
  genres: 'genres',
  artists: 'artists',
  albums: 'albums',
  songs: 'songs',
  playlists: 'playlists',
  banners: 'banners',
  appUsers: 'users',
} as const satisfies Record<string, AuditResource>;
export type AuditedTable = keyof typeof AUDITED_TABLES;

/** Columns never recorded: the key, derived or bookkeeping values, and credentials. */
export const UNRECORDED_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'searchText',
  'createdAt',
  'updatedAt',
  'passwordHash',
]);

/** Columns SQLite answers as 0/1; recorded as true/false on both databases. */
export const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set([
  'verified',
  'isActive',
  'isPremium',
  'isPublic',
  'isFeatured',
  'isHidden',
]);

/**
 * SQL tables an admin's request may write without an audit entry: its own session, throttles, the
 * record of stored files (an upload changes no record until a form saves it) and the log itself. Any
 * other write made while an admin is acting must commit together with its audit entry (./guard.ts).
 */
export const UNAUDITED_TABLES: ReadonlySet<string> = new Set([
  'admin_sessions',
  'login_throttle',
  'rate_limits',
  'media_files',
  'audit_log',
]);
