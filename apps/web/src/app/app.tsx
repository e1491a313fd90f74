import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { configureApi } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { AppProviders } from './providers';
import { routes } from './router';

// A token the server no longer accepts (expired, or revoked by signing out elsewhere) ends the session here too,
// so the guards send the user to sign in instead of showing failing screens.
configureApi({ onUnauthorized: clearSession });

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
