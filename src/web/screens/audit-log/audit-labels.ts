import type { AuditAction, AuditChange, AuditResource } from '../../../contract/audit';
import type { BadgeVariant } from '../../components/ui/badge';

export const RESOURCE_LABELS: Record<AuditResource, string> = {
  genres: 'Categories',
  artists: 'Artists',
  albums: 'Albums',
  songs: 'Songs',
  playlists: 'Playlists',
  banners: 'Banners',
  users: 'Users',
  settings: 'Settings',
};

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  toggle: 'Toggled',
  delete: 'Deleted',
  'password-reset': 'Password reset',
};

export const ACTION_BADGES: Record<AuditAction, BadgeVariant> = {
  create: 'green',
  update: 'blue',
  toggle: 'purple',
  delete: 'red',
  'password-reset': 'orange',
};

/** A value as the change list shows it: text as is, nothing as an em dash, the rest as JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}

/** `isActive` → `Is active`, `apiKeys.fcmServerKey` → `Api keys › fcm server key`. */
export function fieldLabel(field: AuditChange['field']): string {
  const words = field
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase())
    .join(' › ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
