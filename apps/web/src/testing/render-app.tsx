import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { signedInRoutes } from '@/app/signed-in-routes';
import { eagerRoutes } from './eager-routes';
import { createQueryClient } from '@/lib/query-client';

/** The app's providers around `ui`, with a fresh server-state cache per test (no retries: a failure shows at once). */
export function renderWithProviders(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const queryClient = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => <AppProviders queryClient={queryClient}>{children}</AppProviders>;
  return { ...render(ui, { ...options, wrapper }), queryClient };
}

/** The whole app (real routes, guards, nav bar) in memory, starting at `path`. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(eagerRoutes(appRoutes(signedInRoutes)), { initialEntries: [path] });
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { ...view, router, location: () => router.state.location };
}
