import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/**
 * While `active`, leaving asks first: reloading or closing the tab (the browser's own prompt), and any
 * navigation inside the app to another page, by link or by the browser's Back and Forward buttons (a
 * confirm; declining keeps the page). Replacing navigations are the app's own redirects (sign-in, sign-out)
 * and pass.
 */
export function useLeaveGuard(active: boolean, message = LEAVE_WARNING) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      active && historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
