import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routes } from '../app/router';
import { eagerRoutes } from './eager-routes';

/** The whole app (real routes, guards, nav bar) in memory, starting at `path`. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(eagerRoutes(routes), { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, location: () => router.state.location };
}
