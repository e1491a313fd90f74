import { matchRoutes, type RouteObject } from 'react-router-dom';
import { type LazyPage, loadSignedInRoutes, routes } from './router';

/** The page route `pathname` leads to in `table`. */
const pageRoute = (table: RouteObject[], pathname: string) => matchRoutes(table, pathname)?.at(-1)?.route;

/**
 * The chunk a path's page lives in; undefined for pages in the entry bundle (home, not found). A path only the
 * catch-all matches may be a signed-in or admin page, whose routes are fetched first.
 */
async function chunkFor(pathname: string): Promise<(() => Promise<unknown>) | undefined> {
  let route = pageRoute(routes, pathname);
  if (route?.path === '*') route = pageRoute(await loadSignedInRoutes(), pathname);
  return (route?.lazy as LazyPage | undefined)?.loadChunk;
}

/**
 * Fetches a page's chunk when the pointer rests on, a finger touches, or keyboard focus reaches a link to it,
 * so the click usually finds the code already there. One delegated listener instead of a prop on every link;
 * a failed prefetch is forgotten (the router loads the chunk again when the page is visited).
 */
export function prefetchRoutesOnIntent(root: Document = document): void {
  const started = new Set<() => Promise<unknown>>();
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    void chunkFor(link.pathname)
      .then((load) => {
        if (!load || started.has(load)) return;
        started.add(load);
        return load().catch(() => started.delete(load));
      })
      .catch(() => undefined);
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('touchstart', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
}
