import { matchRoutes } from 'react-router-dom';
import { type LazyPage, routeChunks, routes } from './router';

/** The chunk a path's page lives in; undefined for pages in the entry bundle (home, not found). */
function chunkFor(pathname: string): (() => Promise<unknown>) | undefined {
  const page = matchRoutes(routes, pathname)?.at(-1)?.route.lazy as LazyPage | undefined;
  return page?.chunk ? routeChunks[page.chunk] : undefined;
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
    const load = chunkFor(link.pathname);
    if (!load || started.has(load)) return;
    started.add(load);
    load().catch(() => started.delete(load));
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('touchstart', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
}
