import { createContext, useContext } from 'react';
import type { CurrentUser, LoginBody } from '../../contract/auth';

export interface AuthState {
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** True until the first session check has answered. */
  isLoading: boolean;
  login: (body: LoginBody) => Promise<CurrentUser>;
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
