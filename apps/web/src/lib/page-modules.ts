/** The meta tag a server-rendered page lists its own chunks in (apps/api/src/web-app/page-template.ts). */
export const PAGE_MODULES_META = 'store-page-modules';

/**
 * Starts fetching the chunks the server-rendered page lists (the product page's, beside the app's home chunk) as
 * modulepreload links, so that the app, which loads them before it hydrates (`preloadPage`, src/app/router.tsx),
 * finds them on their way rather than fetching them one import after another. Called by index.html's script when it
 * imports the app (src/boot.ts): until then they would only take bandwidth from the page's largest photo.
 */
export function hintPageModules(doc: Document): void {
  const files = doc.querySelector<HTMLMetaElement>(`meta[name="${PAGE_MODULES_META}"]`)?.content.split(' ') ?? [];
  for (const file of files.filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    doc.head.append(link);
  }
}
