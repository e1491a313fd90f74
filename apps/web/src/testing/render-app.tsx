import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { AppRoutes, appRoutes } from '@/app/router';
import { ErrorBoundary } from '@/app/routes/not-found';
import { signedInRoutes } from '@/app/signed-in-routes';
import { eagerRoutes } from './eager-routes';
import { createQueryClient } from '@/lib/query-client';

/** The app's providers around `ui`, with a fresh server-state cache per test (no retries: a failure shows at once). */
export function renderWithProviders(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const queryClient = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => <AppProviders queryClient={queryClient}>{children}</AppProviders>;
  return { ...render(ui, { ...options, wrapper }), queryClient };
}

/**
 * The whole app (real routes, guards, nav bar) in memory, starting at `path`; `location()` is the one on screen,
 * `navigate` the app's own (`navigate(-1)` is Back).
 */
export function renderApp(path = '/') {
  const routes = eagerRoutes(appRoutes(signedInRoutes));
  let current: Location | undefined;
  let navigateInApp: NavigateFunction | undefined;
  function LocationProbe() {
    current = useLocation();
    navigateInApp = useNavigate();
    return null;
  }
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ErrorBoundary>
        <AppRoutes routes={routes} />
      </ErrorBoundary>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, location: () => current!, navigate: (delta: number) => navigateInApp!(delta) };
}
