// The app, which index.html's script (boot.ts, with the stylesheet) imports once the page's largest photo has painted.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { PAGE_DATA_ELEMENT_ID } from '@/app/page-data';
import { prefetchRoutesOnIntent } from '@/app/prefetch-routes';
import { preloadPage } from '@/app/router';
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

// The page's code first (router.tsx): a signed-in or admin page brings those routes too. Hydration must render what
// the server rendered, not suspend while a chunk loads (the server's HTML lists the product page's chunk as a
// modulepreload, so it is already on its way); a page the browser renders shows nav bar and page together.
const pageReady = preloadPage(window.location);

if (serverRendered) {
  markRenderedOnServer();
  // In a transition too, so that hydration yields every few milliseconds (see below) rather than run as one long task.
  void pageReady.then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // A transition, so React renders the first screen in slices of a few milliseconds with the main thread free in
  // between, instead of one long task (on a phone's CPU that task alone was most of the page's Total Blocking Time).
  void pageReady.then(() => startTransition(() => createRoot(root).render(app)));
}
