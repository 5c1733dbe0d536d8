import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { LoginBody } from '../../../contract/auth';
import { ApiError, NetworkError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { saveLoginFlash, showLoginSuccessToast } from '../../lib/login-flash';
import { reloadAfterLogin } from '../../lib/reload';

const RELOAD_DELAY_WITHOUT_STORAGE_MS = 1500;

export function loginErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return 'Network error. Please try again.';
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Invalid credentials';
}

/** Signs in; on success the page reloads (the success toast is shown after the reload). */
export function useLogin() {
  const { login } = useAuth();
  return useMutation({
    mutationFn: (body: LoginBody) => login(body),
    onSuccess: (user) => {
      if (saveLoginFlash(user.username)) {
        reloadAfterLogin();
      } else {
        showLoginSuccessToast(user.username);
        setTimeout(() => reloadAfterLogin(), RELOAD_DELAY_WITHOUT_STORAGE_MS);
      }
    },
    onError: (error) => {
      toast.error('Login failed', { description: loginErrorMessage(error) });
    },
  });
}
