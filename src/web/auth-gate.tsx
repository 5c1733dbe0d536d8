import { lazy, Suspense, useEffect } from 'react';
import { FullPageLoading } from './components/full-page-loading';
import { useAuth } from './lib/auth-context';
import { showPendingLoginFlash } from './lib/login-flash';
import { AuthenticatedRoutes } from './routes';

const LoginScreen = lazy(() => import('./screens/login'));

/**
 * "Loading..." until the session check answers; then the routes when signed in, otherwise the login
 * screen on every path (the URL is kept, so a deep link works after signing in).
 */
export function AuthGate() {
  const { isLoading, isAuthenticated } = useAuth();

  useEffect(() => {
    if (!isLoading) showPendingLoginFlash();
  }, [isLoading]);

  if (isLoading) return <FullPageLoading />;
  return (
    <Suspense fallback={<FullPageLoading />}>
      {isAuthenticated ? <AuthenticatedRoutes /> : <LoginScreen />}
    </Suspense>
  );
}
