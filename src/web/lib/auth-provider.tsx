import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { LoginBody } from '../../contract/auth';
import { fetchCurrentUser, postLogin, postLogout } from './auth-api';
import { AuthContext, type AuthState } from './auth-context';
import { AUTH_ME_KEY } from './auth-keys';

/**
 * Holds the auth state of the spec: the session is checked once on load (any failure means signed out,
 * silently). Logout clears the state and goes to /login even when the server call fails.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery({
    queryKey: AUTH_ME_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const login = useCallback((body: LoginBody) => postLogin(body), []);

  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch (err) {
      console.error('Logout failed', err);
    }
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_ME_KEY[0] });
    queryClient.setQueryData(AUTH_ME_KEY, null);
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);

  const value = useMemo<AuthState>(() => {
    const user = me.data ?? null;
    return { user, isAuthenticated: user !== null, isLoading: me.isPending, login, logout };
  }, [me.data, me.isPending, login, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
