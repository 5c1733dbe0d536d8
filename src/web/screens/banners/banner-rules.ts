import type { Banner } from '../../../contract/banners';
import type { BadgeVariant } from '../../components/ui/badge';

/** Position badge colours (spec section 9): hero purple, sidebar blue, footer green, popup orange. */
export const POSITION_BADGE: Record<Banner['position'], BadgeVariant> = {
  hero: 'purple',
  sidebar: 'blue',
  footer: 'green',
  popup: 'orange',
};

export const POSITION_LABEL: Record<Banner['position'], string> = {
  hero: 'Hero',
  sidebar: 'Sidebar',
  footer: 'Footer',
  popup: 'Popup',
};

export const activeBadge = (isActive: boolean): { label: string; variant: BadgeVariant } =>
  isActive ? { label: 'Active', variant: 'green' } : { label: 'Inactive', variant: 'grey' };

export const priorityLabel = (priority: number): string => `#${priority}`;

/** A stored calendar day (`YYYY-MM-DD`) in the viewer's local date format, read as that local day. */
export function localDate(day: string, locale?: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(y, m - 1, d).toLocaleDateString(locale);
}

/** "start - end" as local dates; a missing side reads "-", and no dates at all just "-". */
export function formatPeriod(start: string | null, end: string | null, locale?: string): string {
  if (!start && !end) return '-';
  return `${start ? localDate(start, locale) : '-'} - ${end ? localDate(end, locale) : '-'}`;
}

/** Clicks and impressions in the viewer's locale; 0 when missing. */
export const formatCount = (value: number | null | undefined, locale?: string): string =>
  (Number.isFinite(value) ? (value as number) : 0).toLocaleString(locale);
