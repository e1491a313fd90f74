import { type LazyPage, lazyPagesAt } from './router';

/**
 * Fetches a page's chunk when the pointer rests on, a finger touches, or keyboard focus reaches a link to it,
 * so the click usually finds the code already there. One delegated listener instead of a prop on every link;
 * a failed prefetch is forgotten (the page loads its chunk again when it is visited). A path only the catch-all
 * matches may be a signed-in or admin page, whose routes are fetched first (router.tsx, `lazyPagesAt`).
 */
export function prefetchRoutesOnIntent(root: Document = document): void {
  const started = new Set<LazyPage>();
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    void lazyPagesAt(link.pathname)
      .then((pages) =>
        Promise.all(
          pages
            .filter((page) => !started.has(page))
            .map((page) => {
              started.add(page);
              return page.preload().catch(() => started.delete(page));
            }),
        ),
      )
      .catch(() => undefined);
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('touchstart', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
}
