import { useEffect } from 'react';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/**
 * While `active`, leaving asks first: reloading or closing the tab (the browser's own prompt) and
 * following an in-app link (a confirm; declining keeps the page). The app uses <BrowserRouter>, which has
 * no navigation blocker, so links are caught in the capture phase before the router sees the click.
 */
export function useLeaveGuard(active: boolean, message = LEAVE_WARNING) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
        return;
      }
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
    };
  }, [active, message]);
}
