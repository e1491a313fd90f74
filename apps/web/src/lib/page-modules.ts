/** The meta tag a server-rendered page lists its own chunks in (apps/api/src/web-app/page-template.ts). */
export const PAGE_MODULES_META = 'store-page-modules';

/**
 * Starts fetching the chunks the server-rendered page lists (the app's home chunk and the runtime it imports, the
 * product page's chunks) as modulepreload links, so that they come at once rather than one import after another
 * (the app loads the page's before it hydrates: `preloadPage`, src/app/router.tsx). Called by index.html's script
 * when it imports the app (src/boot.ts): until then they would only take bandwidth from the page's largest photo.
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
