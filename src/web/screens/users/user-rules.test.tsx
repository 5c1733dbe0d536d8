// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RuleBadge, userBadges, userDisplayName, userToggleToast } from './user-rules';

afterEach(cleanup);

describe('userDisplayName', () => {
  it('is first plus last name when present, else the username', () => {
    expect(userDisplayName({ firstName: 'کریم', lastName: 'بلوچ', username: 'karim' })).toBe('کریم بلوچ');
    expect(userDisplayName({ firstName: 'Sara', lastName: null, username: 'sara1' })).toBe('Sara');
    expect(userDisplayName({ firstName: '  ', lastName: '', username: 'shay_b' })).toBe('shay_b');
  });
});

describe('userBadges', () => {
  it('labels signup method, Pro or Free, Active or Suspended', () => {
    const pro = userBadges({ signupMethod: 'google', isPremium: true, isActive: false });
    expect([pro.signup.label, pro.account.label, pro.status.label]).toEqual(['Google', 'Pro', 'Suspended']);
    const free = userBadges({ signupMethod: 'email', isPremium: false, isActive: true });
    expect([free.signup.label, free.account.label, free.status.label]).toEqual(['Email', 'Free', 'Active']);
    expect([free.status.variant, pro.status.variant]).toEqual(['green', 'red']);
  });

  it('renders a badge with its variant', () => {
    render(
      <RuleBadge rule={userBadges({ signupMethod: 'apple', isPremium: true, isActive: true }).account} />,
    );
    expect(screen.getByText('Pro').getAttribute('data-variant')).toBe('yellow');
  });
});

describe('userToggleToast', () => {
  it('names what the toggle made of the user', () => {
    expect(userToggleToast('isPremium', true)).toBe('User upgraded to Pro');
    expect(userToggleToast('isPremium', false)).toBe('Pro status revoked');
    expect(userToggleToast('isActive', false)).toBe('User suspended');
    expect(userToggleToast('isActive', true)).toBe('User activated');
  });
});
