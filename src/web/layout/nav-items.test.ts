import { describe, expect, it } from 'vitest';
import { isNavItemActive } from './nav-items';

describe('isNavItemActive', () => {
  it('treats / and /dashboard as the Dashboard', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/dashboard')).toBe(true);
    expect(isNavItemActive('/', '/songs')).toBe(false);
  });

  it('matches a path, its sub-paths, a trailing slash and any case', () => {
    expect(isNavItemActive('/songs', '/songs')).toBe(true);
    expect(isNavItemActive('/songs', '/songs/12')).toBe(true);
    expect(isNavItemActive('/songs', '/Songs/')).toBe(true);
    expect(isNavItemActive('/songs', '/songsx')).toBe(false);
    expect(isNavItemActive('/upload', '/users')).toBe(false);
  });
});
