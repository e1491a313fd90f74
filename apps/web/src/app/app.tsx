import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { configureApi } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { AppProviders } from './providers';
import { AppRoutes, routes } from './router';
import { ErrorBoundary } from './routes/not-found';

// A token the server no longer accepts (expired, or revoked by signing out elsewhere) ends the session here too,
// so the guards send the user to sign in instead of showing failing screens.
configureApi({ onUnauthorized: clearSession });

/**
 * The whole app; `queryClient` when main.tsx has already started reading into it. BrowserRouter makes every
 * navigation a transition, so a page whose chunk is still on its way leaves the current one on screen meanwhile.
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <ErrorBoundary>
          <AppRoutes routes={routes} />
        </ErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
