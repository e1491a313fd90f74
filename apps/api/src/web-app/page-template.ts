import { readFileSync } from 'node:fs';
import path from 'node:path';
import { safeScriptJson } from './page-head.js';

/** The id of the element that carries a page's data (apps/web/src/app/page-data.ts, PAGE_DATA_ELEMENT_ID). */
export const PAGE_DATA_ELEMENT_ID = 'store-page-data';

/** The name of the meta tag that lists a page's own chunks (apps/web/src/lib/page-modules.ts, PAGE_MODULES_META). */
export const PAGE_MODULES_META = 'store-page-modules';

/** What goes into the built index.html to make a rendered page. */
export interface PageParts {
  /** The head's tags for this page (title, description, canonical, previews, JSON-LD). */
  head: string;
  /** Resource hints React hoisted (the first photos' preloads). */
  hints: string;
  /** Source modules whose chunks (and their imports) the page preloads. */
  modules: string[];
  /** The app's markup. */
  html: string;
  /** The dehydrated query cache, as JSON text. */
  data: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * The built index.html as a template: its default title and description make way for the page's, its
 * "needs JavaScript" notice goes (the page reads without it), and `#root` gets the markup with the data the
 * browser hydrates from. Checked once at start, so a build that changed shape fails loudly rather than serving
 * broken pages.
 */
export function pageTemplate(webDist: string): (parts: PageParts) => string {
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const markers = {
    title: /<title>[^<]*<\/title>/,
    description: /\s*<meta name="description"[^>]*>/,
    noscript: /\s*<noscript>[\s\S]*?<\/noscript>/,
    root: '<div id="root"></div>',
    headEnd: '</head>',
  };
  for (const [name, marker] of Object.entries(markers)) {
    if (typeof marker === 'string' ? !index.includes(marker) : !marker.test(index))
      throw new Error(`${webDist}/index.html has no ${name} where the server renders into it; rebuild the web app`);
  }
  const shell = index.replace(markers.description, '').replace(markers.noscript, '');

  /** The files of manifest chunks `keys` and everything they import. */
  const closure = (keys: string[]): Set<string> => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return files;
  };
  /**
   * What index.html's script loads by itself: its static imports, and the app (its import(), the home chunk, which it
   * fetches once the page's largest photo has painted, apps/web/src/boot.ts). The page's own chunks need no hint for
   * those, and hinting the app would fetch it beside the photo after all.
   */
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const entryFiles = closure([...entryKeys, ...entryKeys.flatMap((key) => manifest[key].dynamicImports ?? [])]);
  /**
   * The app's files that the script's own file does not carry: the home chunk and the chunks it imports (Rolldown's
   * runtime). Listed with the page's, so that the script asks for them together: left to the import, the runtime
   * was asked for only once the 87 kB home chunk had arrived, a round trip more before the page could hydrate.
   */
  const scriptFiles = closure(entryKeys);
  const appFiles = [...entryFiles].filter((file) => !scriptFiles.has(file));
  /**
   * The files of a page's chunks and what they import, except what index.html's script loads anyway. Hinting the
   * shared chunks too would have them compete with the page's stylesheet and first photo for a phone's bandwidth.
   */
  const preloads = (modules: string[]): string[] => [...closure(modules)].filter((file) => !entryFiles.has(file));
  /**
   * The app's files and the page's, listed, not hinted: index.html's script hints them (modulepreload) when it
   * imports the app, once the page's largest photo is on screen (apps/web/src/boot.ts), so that they arrive together
   * and not beside the stylesheet and the photo (Lighthouse mobile, a product page: docs/performance.md). The page
   * is already in the HTML; its code comes after. (Hinted in the head at low priority, they had taken FCP from 1.57 to 1.21 s against
   * hints at the default priority.)
   */
  const pageModules = (files: string[]) =>
    files.length ? `<meta name="${PAGE_MODULES_META}" content="${files.map((file) => `/${file}`).join(' ')}">` : '';

  return (parts) => {
    const hints = [parts.hints, pageModules([...appFiles, ...preloads(parts.modules)])].filter(Boolean).join('\n    ');
    return shell
      .replace(markers.title, () => parts.head)
      .replace(markers.headEnd, () => (hints ? `  ${hints}\n  </head>` : '</head>'))
      .replace(
        markers.root,
        () =>
          `<div id="root">${parts.html}</div>\n    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${safeScriptJson(parts.data)}</script>`,
      );
  };
}
