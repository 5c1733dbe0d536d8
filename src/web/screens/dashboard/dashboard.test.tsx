// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard, RecentActivity } from '../../../contract/dashboard';
import { RecentActivityCard } from './recent-activity';
import { StatCards } from './stat-cards';

afterEach(cleanup);

const dashboard: Dashboard = {
  users: { total: 1234, active: 1200, premium: 40 },
  content: { artists: 40, albums: 80, songs: 100_000, publishedSongs: 99_000, genres: 12 },
  engagement: { totalStreams: 5, totalDownloads: 1 },
  banners: { active: 3 },
  recentActivity: [],
  streamsPerDay: [],
};

describe('StatCards', () => {
  it('shows the eight cards of the spec in order, Languages fixed at 2', () => {
    render(<StatCards dashboard={dashboard} />);
    const cards = screen.getAllByRole('group');
    const read = (card: HTMLElement) => [
      within(card).getByRole('heading').textContent,
      within(card).getByTestId('stat-value').textContent,
    ];
    expect(cards.map(read)).toEqual([
      ['Total Users', '1,234'],
      ['Songs Library', '100,000'],
      ['Artists', '40'],
      ['Albums', '80'],
      ['Published Songs', '99,000'],
      ['Active Banners', '3'],
      ['Total Genres', '12'],
      ['Languages', '2'],
    ]);
  });
});

describe('RecentActivityCard', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  const item = (type: RecentActivity['type'], id: number, minutesAgo: number): RecentActivity => ({
    type,
    id,
    title: `${type} ${id}`,
    createdAt: new Date(now - minutesAgo * 60_000).toISOString(),
  });

  it('shows the empty text', () => {
    render(<RecentActivityCard items={[]} now={now} />);
    expect(screen.getByText('No recent activity to display')).toBeTruthy();
  });

  it('lists at most six items with relative times and text direction from the content', () => {
    const items = [
      item('album', 1, 0),
      item('song', 2, 5),
      item('user', 3, 120),
      item('artist', 4, 60 * 24 * 3),
      item('song', 5, 60 * 24 * 10),
      item('song', 6, 60 * 24 * 40),
      item('user', 7, 60 * 24 * 400),
    ];
    render(<RecentActivityCard items={items} now={now} />);
    const rows = within(screen.getByRole('list', { name: 'Recent Activity' })).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.querySelector('time')?.textContent)).toEqual([
      'just now',
      '5 minutes ago',
      '2 hours ago',
      '3 days ago',
      '1 week ago',
      '1 month ago',
    ]);
    expect(rows[0]?.textContent).toContain('New album created');
    expect(rows[2]?.textContent).toContain('New user registered');
    expect(
      within(rows[0] as HTMLElement)
        .getByText('album 1')
        .getAttribute('dir'),
    ).toBe('auto');
  });
});
