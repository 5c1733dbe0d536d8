import { describe, expect, it, vi } from 'vitest';
import { reloadAfterLogin } from './reload';

function fakeLocation(pathname: string) {
  return { pathname, reload: vi.fn(), replace: vi.fn() };
}

describe('reloadAfterLogin', () => {
  it('goes to the dashboard from /login', () => {
    for (const path of ['/login', '/login/', '/LOGIN']) {
      const location = fakeLocation(path);
      reloadAfterLogin(location);
      expect(location.replace).toHaveBeenCalledWith('/');
      expect(location.reload).not.toHaveBeenCalled();
    }
  });

  it('reloads a deep link in place', () => {
    const location = fakeLocation('/songs');
    reloadAfterLogin(location);
    expect(location.reload).toHaveBeenCalledOnce();
    expect(location.replace).not.toHaveBeenCalled();
  });
});
