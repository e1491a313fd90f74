import { useEffect, useState } from 'react';

/** Set once the first page of this visit has loaded: later pages (Back to home) show at once. */
let loadedOnce = false;

/**
 * False until the page has loaded and the browser then has an idle moment (or `timeoutMs` passed): for what can
 * come after the first screenful (the home page's filters and their categories request), so that it competes
 * neither with the product list and its photos for a phone's bandwidth nor with the first render for its CPU.
 */
export function useAfterLoad(timeoutMs = 2000): boolean {
  const [ready, setReady] = useState(loadedOnce);
  useEffect(() => {
    if (ready) return;
    let cancel = () => {};
    const done = () => {
      loadedOnce = true;
      setReady(true);
    };
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(done, { timeout: timeoutMs });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(done, 1);
        cancel = () => window.clearTimeout(id);
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
  }, [ready, timeoutMs]);
  return ready;
}
