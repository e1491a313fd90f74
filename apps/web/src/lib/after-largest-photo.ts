/**
 * The longest the app's code waits for the page's largest photo: a stalled photo must not keep the page from working
 * for long (on a phone's 4G a large photo takes well under a second).
 */
export const LARGEST_PHOTO_WAIT_MS = 3000;

/**
 * After the photo has loaded and decoded, how long to wait at most for the browser to report it painted (a
 * `largest-contentful-paint` entry for it). The report comes once the frame is on screen, which on a busy machine is
 * tens of milliseconds after the frame was drawn; it never comes when something else on the page is larger. Under
 * the 500 ms without a request after which a test (Playwright's `networkidle`) takes the page as settled.
 */
export const PHOTO_PAINT_GRACE_MS = 250;

/** The photo a server-rendered page marks as its largest paint (the product page's photo, the grid's first card). */
export const LARGEST_PHOTO_SELECTOR = '#root img[fetchpriority="high"]';

/**
 * Resolves once the server-rendered page's largest photo is on screen, at once when the page has none (the app shell),
 * and after `limitMs` at most. index.html's script (src/boot.ts) fetches the app only then, so that on a phone the
 * photo has the bandwidth to itself rather than share it with 87 kB of script (docs/performance.md, Lighthouse). A
 * photo that fails counts as done. Where the browser reports paints (`largest-contentful-paint`: Chromium, Firefox),
 * "on screen" is that report for the photo; elsewhere, the frame after the photo decoded.
 */
export function afterLargestPhoto(doc: Document, limitMs = LARGEST_PHOTO_WAIT_MS): Promise<void> {
  const photo = doc.querySelector<HTMLImageElement>(LARGEST_PHOTO_SELECTOR);
  if (!photo) return Promise.resolve();
  const view = doc.defaultView!;
  return new Promise<void>((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    view.setTimeout(done, limitMs);
    if (view.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new view.PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === photo)) done();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    }
    // A task queued from inside requestAnimationFrame runs once that frame has been drawn; a hidden tab draws none.
    const afterNextFrame = () => (doc.visibilityState === 'hidden' ? done() : view.requestAnimationFrame(() => view.setTimeout(done, 0)));
    photo.decode().then(() => (observer ? view.setTimeout(done, PHOTO_PAINT_GRACE_MS) : afterNextFrame()), done);
  });
}
