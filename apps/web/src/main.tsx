import './styles/bootstrap.scss';
import '@/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { PAGE_DATA_ELEMENT_ID } from '@/app/page-data';
import { prefetchRoutesOnIntent } from '@/app/prefetch-routes';
import { addSignedInRoutesFor, loadLazyRoutes, routes } from '@/app/router';
import { markRenderedOnServer } from '@/lib/rendered-on-server';
import { adoptServerState, createQueryClient } from '@/lib/query-client';

prefetchRoutesOnIntent();

const queryClient = createQueryClient();
const root = document.getElementById('root')!;
// A server-rendered page (docs/web.md, Server rendering) brings its data along: the home page's grid and the
// product page render from it at once, with no request.
const serverRendered = adoptServerState(queryClient, document.getElementById(PAGE_DATA_ELEMENT_ID));

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// A first load of a signed-in or admin page brings its routes before the router is made (router.tsx).
const routesReady = addSignedInRoutesFor(routes, window.location);

if (serverRendered) {
  markRenderedOnServer();
  // The page's lazy route (the product page) is loaded first: hydration must render what the server rendered,
  // not a placeholder. The server's HTML lists its chunk as a modulepreload, so it is already on its way.
  // In a transition too, so that hydration yields every few milliseconds (see below) rather than run as one long task.
  void routesReady
    .then(() => loadLazyRoutes(routes, window.location))
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // A transition, so React renders the first screen in slices of a few milliseconds with the main thread free in
  // between, instead of one long task (on a phone's CPU that task alone was most of the page's Total Blocking Time).
  void routesReady.then(() => startTransition(() => createRoot(root).render(app)));
}
