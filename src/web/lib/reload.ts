/**
 * The reload after sign-in. From /login the user lands on the dashboard; from any other path (a deep
 * link that showed the login screen) the same URL loads again, now signed in.
 */
export function reloadAfterLogin(
  location: Pick<Location, 'pathname' | 'reload' | 'replace'> = window.location,
): void {
  if (/^\/login\/?$/i.test(location.pathname)) location.replace('/');
  else location.reload();
}
