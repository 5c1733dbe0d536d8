import { useEffect } from 'react';

export const LEAVE_WARNING = 'Uploads are in progress. Leave this page and cancel them?';

/**
 * While `active`, closing or reloading the tab asks first (beforeunload), and so does following a
 * link inside the app: the app's router has no navigation blocker, so link clicks are checked in the
 * capture phase, before the router sees them.
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || event.defaultPrevented || (link as HTMLAnchorElement).target === '_blank') return;
      if (!window.confirm(LEAVE_WARNING)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);
}
