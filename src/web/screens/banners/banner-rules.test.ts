import { describe, expect, it } from 'vitest';
import {
  activeBadge,
  formatCount,
  formatPeriod,
  localDate,
  POSITION_BADGE,
  priorityLabel,
} from './banner-rules';

describe('banner card rules', () => {
  it('colours positions as the spec says', () => {
    expect(POSITION_BADGE).toEqual({ hero: 'purple', sidebar: 'blue', footer: 'green', popup: 'orange' });
  });

  it('labels the active state and the priority', () => {
    expect(activeBadge(true)).toEqual({ label: 'Active', variant: 'green' });
    expect(activeBadge(false)).toEqual({ label: 'Inactive', variant: 'grey' });
    expect(priorityLabel(1)).toBe('#1');
    expect(priorityLabel(10)).toBe('#10');
  });

  it('shows the period as local dates, "-" where a date is missing', () => {
    expect(formatPeriod(null, null, 'en-US')).toBe('-');
    expect(formatPeriod('2025-03-01', '2025-03-31', 'en-US')).toBe('3/1/2025 - 3/31/2025');
    expect(formatPeriod('2025-03-01', '2025-03-31', 'de-DE')).toBe('1.3.2025 - 31.3.2025');
    expect(formatPeriod('2025-03-01', null, 'en-GB')).toBe('01/03/2025 - -');
    expect(formatPeriod(null, '2025-12-31', 'en-US')).toBe('- - 12/31/2025');
    // A calendar day stays that day whatever the viewer's time zone (never read as UTC midnight).
    expect(localDate('2025-01-01', 'en-US')).toBe(new Date(2025, 0, 1).toLocaleDateString('en-US'));
  });

  it('formats counts in the locale, 0 when missing', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCount(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatCount(1234567, 'ar-EG')).toBe('١٬٢٣٤٬٥٦٧');
    expect(formatCount(undefined, 'en-US')).toBe('0');
    expect(formatCount(null, 'en-US')).toBe('0');
    expect(formatCount(Number.NaN, 'en-US')).toBe('0');
  });
});
