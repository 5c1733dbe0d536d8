// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '../../../contract/banners';
import { TooltipProvider } from '../../components/ui/tooltip';
import { BannerCard } from './banner-card';

const banner: Banner = {
  id: 7,
  title: 'نوکیں سال',
  description: 'Balochi new year',
  imageUrl: '/media/images/banners/ab/x.png',
  targetUrl: 'https://example.com/nowruz',
  position: 'footer',
  startDate: '2025-03-01',
  endDate: '2025-03-31',
  priority: 4,
  isActive: true,
  clickCount: 12345,
  impressionCount: 0,
  createdAt: '2025-02-01T00:00:00.000Z',
};

const renderCard = (b: Banner, isActive = b.isActive) => {
  const onToggle = vi.fn();
  render(
    <TooltipProvider>
      <BannerCard banner={b} isActive={isActive} onToggle={onToggle} onEdit={vi.fn()} onDelete={vi.fn()} />
    </TooltipProvider>,
  );
  return { card: screen.getByRole('article', { name: b.title }), onToggle };
};

describe('BannerCard', () => {
  afterEach(cleanup);

  it('shows the badges, texts and facts of a banner', () => {
    const { card } = renderCard(banner);
    const c = within(card);
    expect(c.getByTestId('position-badge').textContent).toBe('Footer');
    expect(c.getByTestId('position-badge').getAttribute('data-variant')).toBe('green');
    expect(c.getByTestId('active-badge').textContent).toBe('Active');
    expect(c.getByTestId('active-badge').getAttribute('data-variant')).toBe('green');
    expect(c.getByRole('heading', { name: 'نوکیں سال' }).getAttribute('dir')).toBe('auto');
    expect(c.getByText('#4')).toBeTruthy();
    expect(c.getByText((12345).toLocaleString())).toBeTruthy();
    expect(c.getByText('0')).toBeTruthy();
    expect(c.getByRole('link', { name: 'https://example.com/nowruz' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    expect(c.getByRole('switch', { name: 'Active: نوکیں سال' }).getAttribute('aria-checked')).toBe('true');
  });

  it('reads Inactive with a grey badge, "-" for missing dates and URL, and reports a toggle', () => {
    const { card, onToggle } = renderCard({
      ...banner,
      position: 'popup',
      isActive: false,
      startDate: null,
      endDate: null,
      targetUrl: null,
    });
    const c = within(card);
    expect(c.getByTestId('position-badge').getAttribute('data-variant')).toBe('orange');
    expect(c.getByTestId('active-badge').textContent).toBe('Inactive');
    expect(c.getByTestId('active-badge').getAttribute('data-variant')).toBe('grey');
    expect(c.getAllByText('-')).toHaveLength(2);
    fireEvent.click(c.getByRole('switch'));
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), true);
  });

  it('colours hero purple and sidebar blue', () => {
    renderCard({ ...banner, id: 1, title: 'a', position: 'hero' });
    renderCard({ ...banner, id: 2, title: 'b', position: 'sidebar' });
    expect(
      within(screen.getByRole('article', { name: 'a' }))
        .getByTestId('position-badge')
        .getAttribute('data-variant'),
    ).toBe('purple');
    expect(
      within(screen.getByRole('article', { name: 'b' }))
        .getByTestId('position-badge')
        .getAttribute('data-variant'),
    ).toBe('blue');
  });
});
