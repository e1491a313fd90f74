import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/*
 * Where the window is scrolled to on each page (docs/web.md, Routing), as a data router's <ScrollRestoration> did:
 * a new page (a link, a redirect) starts at the top, or at the element its #hash names; Back and Forward, and a
 * reload, find the page where it was left. The positions are kept per history entry (the location's key), in
 * sessionStorage across a reload. The first page is left where the browser has it unless it has a saved position.
 */

/** The location state of a navigation that keeps the page where it is scrolled to (the home page's filters). */
export const KEEP_SCROLL = { keepScroll: true } as const;

const STORAGE_KEY = 'scroll-positions';

/** The last position seen per history entry; written on every scroll, so it is the page's and not the next one's. */
let positions: Record<string, number> = {};
/** Whether `positions` holds those sessionStorage kept across a reload (read once per page load). */
let storedRead = false;
let current = '';

const keepsScroll = (state: unknown) => (state as Partial<typeof KEEP_SCROLL> | null)?.keepScroll === true;

/** Keeps and restores the window's scroll position for the app's navigations; used once, in the layout. */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  // A layout effect, and the first: the stored positions are read before the one below restores the first page's.
  useLayoutEffect(() => {
    try {
      if (!storedRead) positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      // No stored positions (or no sessionStorage): every page starts at the top.
    }
    storedRead = true;
    // The app restores positions itself; the browser's own restoration would jump before the page is there.
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      positions[current] = window.scrollY;
    };
    const onPageHide = () => {
      positions[current] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // A full or refused sessionStorage: a reload starts at the top.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // The history entry this layout last handled (StrictMode runs a new component's effects twice).
  const handled = useRef<string | undefined>(undefined);
  // Before the browser paints the new page: from here on, scroll events are this entry's.
  useLayoutEffect(() => {
    if (handled.current === location.key) return;
    const first = handled.current === undefined;
    handled.current = current = location.key;
    const saved = navigationType === 'POP' ? positions[location.key] : undefined;
    // Statements, never `return window.scrollTo(...)`: Chromium's scroll methods return a promise, which React would
    // take for the effect's cleanup.
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash && scrollToElement(location.hash.slice(1))) return;
    // The first page stays where the browser has it (a server-rendered page may be scrolled before it hydrates), as
    // does a page whose navigation asked for it; the entry keeps that position should nobody scroll it.
    if (first || (navigationType !== 'POP' && keepsScroll(location.state))) {
      positions[location.key] = window.scrollY;
      return;
    }
    window.scrollTo(0, 0);
  }, [location, navigationType]);
}

/** Scrolls the element with id `id` into view; false when there is none (a guest order's token is no id). */
function scrollToElement(id: string): boolean {
  try {
    const target = document.getElementById(decodeURIComponent(id));
    target?.scrollIntoView();
    return target !== null;
  } catch {
    return false;
  }
}
