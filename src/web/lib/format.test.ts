import { describe, expect, it } from 'vitest';
import {
  abbreviateCount,
  albumCredit,
  collaboratorsLabel,
  formatDuration,
  formatNumber,
  formatRelativeTime,
} from './format';

describe('abbreviateCount', () => {
  it('leaves counts under a thousand as they are', () => {
    expect(abbreviateCount(0)).toBe('0');
    expect(abbreviateCount(7)).toBe('7');
    expect(abbreviateCount(999)).toBe('999');
  });

  it('abbreviates K/M/B at 1e3/1e6/1e9 with one decimal', () => {
    expect(abbreviateCount(1000)).toBe('1.0K');
    expect(abbreviateCount(1500)).toBe('1.5K');
    expect(abbreviateCount(12_345)).toBe('12.3K');
    expect(abbreviateCount(1_000_000)).toBe('1.0M');
    expect(abbreviateCount(2_345_678)).toBe('2.3M');
    expect(abbreviateCount(1_000_000_000)).toBe('1.0B');
    expect(abbreviateCount(7_890_000_000)).toBe('7.9B');
    expect(abbreviateCount(1_234_000_000_000)).toBe('1234.0B');
  });

  it('moves to the next unit instead of showing 1000.0 of a smaller one', () => {
    expect(abbreviateCount(999_999)).toBe('1.0M');
    expect(abbreviateCount(999_960_000)).toBe('1.0B');
    expect(abbreviateCount(999.6)).toBe('1.0K');
  });

  it('treats missing values as zero', () => {
    expect(abbreviateCount(null)).toBe('0');
    expect(abbreviateCount(undefined)).toBe('0');
    expect(abbreviateCount(Number.NaN)).toBe('0');
  });
});

describe('formatDuration', () => {
  it('shows minutes:seconds with two-digit seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(187)).toBe('3:07');
    expect(formatDuration(600)).toBe('10:00');
  });

  it('keeps counting minutes past an hour and drops fractions', () => {
    expect(formatDuration(3725)).toBe('62:05');
    expect(formatDuration(59.9)).toBe('0:59');
  });

  it('reads 0:00 for unknown durations', () => {
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(undefined)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
  });
});

describe('collaborating-artist label', () => {
  it('joins up to two names with "&"', () => {
    expect(collaboratorsLabel(['Ali'])).toBe('Ali');
    expect(collaboratorsLabel(['Ali', 'عارف'])).toBe('Ali & عارف');
  });

  it('shows the first name plus "N others" beyond two', () => {
    expect(collaboratorsLabel(['A', 'B', 'C'])).toBe('A + 2 others');
    expect(collaboratorsLabel(['A', 'B', 'C', 'D', 'E'])).toBe('A + 4 others');
  });

  it('reads "Various Artists" with nobody and "Unknown Artist" for a single without its artist', () => {
    expect(collaboratorsLabel([])).toBe('Various Artists');
    expect(albumCredit({ albumType: 'single', primaryArtistName: null, collaboratingArtists: [] })).toBe(
      'Unknown Artist',
    );
    expect(albumCredit({ albumType: 'single', primaryArtistName: 'Sabzal', collaboratingArtists: [] })).toBe(
      'Sabzal',
    );
    expect(
      albumCredit({ albumType: 'collaboration', primaryArtistName: null, collaboratingArtists: ['A', 'B'] }),
    ).toBe('A & B');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('reads "just now" under a minute', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59), now)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60 + 30), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(14 * 86400), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(65 * 86400), now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 86400), now)).toBe('2 years ago');
  });

  it('accepts Date objects and numbers for now, and ignores invalid dates', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 3600_000), now.getTime())).toBe('1 hour ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatNumber', () => {
  it('adds thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(null)).toBe('0');
  });
});
