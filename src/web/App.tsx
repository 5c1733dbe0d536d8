import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { AuthGate } from './auth-gate';
import { AuthProvider } from './lib/auth-provider';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          <AuthGate />
        </AuthProvider>
      </BrowserRouter>
      <Toaster containerAriaLabel="Notifications" />
    </QueryClientProvider>
  );
}
