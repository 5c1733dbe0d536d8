// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArtistCredit, creditParts } from './artist-credit';

afterEach(cleanup);

describe('creditParts', () => {
  it('finds the names of the spec credit labels', () => {
    expect(creditParts('صادق ساسولی')).toEqual({ names: ['صادق ساسولی'], suffix: null });
    expect(creditParts('Noor & عایشه دشتی')).toEqual({ names: ['Noor', 'عایشه دشتی'], suffix: null });
    expect(creditParts('صادق ساسولی + 2 others')).toEqual({ names: ['صادق ساسولی'], suffix: ' + 2 others' });
    expect(creditParts('Various Artists')).toEqual({ names: ['Various Artists'], suffix: null });
  });
});

describe('ArtistCredit', () => {
  it('gives one name its own direction', () => {
    const { container } = render(<ArtistCredit label="کریم لانگو" />);
    expect(container.firstElementChild?.getAttribute('dir')).toBe('auto');
    expect(container.textContent).toBe('کریم لانگو');
  });

  it('isolates each name inside the left-to-right label', () => {
    const { container } = render(<ArtistCredit block label="صادق ساسولی + 2 others" />);
    const p = container.querySelector('p');
    expect(p?.getAttribute('dir')).toBe('ltr');
    expect([...(p?.querySelectorAll('bdi') ?? [])].map((b) => b.textContent)).toEqual(['صادق ساسولی']);
    expect(p?.textContent).toBe('صادق ساسولی + 2 others');
    const pair = render(<ArtistCredit label="Noor & عایشه دشتی" />).container;
    expect(pair.querySelectorAll('bdi')).toHaveLength(2);
    expect(pair.textContent).toBe('Noor & عایشه دشتی');
  });
});
