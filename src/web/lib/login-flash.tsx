import { toast } from 'sonner';

/**
 * The "Login successful" toast survives the reload that follows sign-in: the username is written to
 * sessionStorage just before the reload and the toast is shown once after it.
 */
const KEY = 'nazenk.login-flash';

export function showLoginSuccessToast(username: string): void {
  toast.success('Login successful', {
    description: (
      <>
        Welcome back, <bdi>{username}</bdi>!
      </>
    ),
  });
}

/** Returns false when storage is unavailable, so the caller can show the toast before reloading. */
export function saveLoginFlash(username: string): boolean {
  try {
    sessionStorage.setItem(KEY, username);
    return true;
  } catch {
    return false;
  }
}

/** Shows the pending login toast, if any, and forgets it. */
export function showPendingLoginFlash(): void {
  let username: string | null = null;
  try {
    username = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (username) showLoginSuccessToast(username);
}
