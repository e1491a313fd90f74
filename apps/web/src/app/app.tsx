import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { configureApi } from '@/lib/api-client';
import { isRenderedOnServer } from '@/lib/rendered-on-server';
import { clearSession } from '@/lib/session';
import { AppProviders } from './providers';
import { discoverRoutes, routes } from './router';

// A token the server no longer accepts (expired, or revoked by signing out elsewhere) ends the session here too,
// so the guards send the user to sign in instead of showing failing screens.
configureApi({ onUnauthorized: clearSession });

/** The whole app; `queryClient` when main.tsx has already started reading into it. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(() =>
    createBrowserRouter(routes, {
      patchRoutesOnNavigation: discoverRoutes,
      // A server-rendered page is already the page (its lazy route loaded before hydrating, no loaders): the router
      // takes it as it is. Without this it would first ask `discoverRoutes` about any page with a parameter (the
      // product page) and render nothing meanwhile, which is not what the server rendered.
      ...(isRenderedOnServer() ? { hydrationData: { loaderData: {} } } : {}),
    }),
  );
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
