import { useEffect, useState } from 'react';

/** Set once the first page of this visit has loaded: later pages (Back to home) show at once. */
let loadedOnce = false;

/**
 * False until the page has loaded and the browser then has an idle moment (at most `timeoutMs` after the load), or
 * until `capMs` have passed since the first render, whichever comes first: for what can come after the first
 * screenful (the home page's filters and their categories request), so that it competes neither with the product
 * list and its photos for a phone's bandwidth nor with the first render for its CPU. The cap is for a slow or
 * stalled photo, which holds the `load` event back: the search box must not wait for it for long.
 */
export function useAfterLoad(timeoutMs = 2000, capMs = 5000): boolean {
  const [ready, setReady] = useState(loadedOnce);
  useEffect(() => {
    if (ready) return;
    let cancelIdle = () => {};
    const cap = window.setTimeout(() => done(), capMs);
    const cancel = () => {
      window.clearTimeout(cap);
      cancelIdle();
    };
    const done = () => {
      cancel();
      loadedOnce = true;
      setReady(true);
    };
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(done, { timeout: timeoutMs });
        cancelIdle = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(done, 1);
        cancelIdle = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') {
      whenIdle();
      return () => cancel();
    }
    window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancel();
    };
  }, [ready, timeoutMs, capMs]);
  return ready;
}
