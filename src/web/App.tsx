import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { AuthGate } from './auth-gate';
import { AuthProvider } from './lib/auth-provider';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();

// A data router, for its navigation blocker (lib/use-leave-guard.ts); the screens' own <Routes> sit
// below its one catch-all route unchanged.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <AuthProvider>
        <AuthGate />
      </AuthProvider>
    ),
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster containerAriaLabel="Notifications" />
    </QueryClientProvider>
  );
}
