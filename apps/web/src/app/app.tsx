import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { configureApi } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { AppProviders } from './providers';
import { routes } from './router';

// A token the server no longer accepts (expired, or revoked by signing out elsewhere) ends the session here too,
// so the guards send the user to sign in instead of showing failing screens.
configureApi({ onUnauthorized: clearSession });

/** The whole app; `queryClient` when main.tsx has already started reading into it. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
