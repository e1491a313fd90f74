import { escapeHtml } from './page-head.js';

/** The sitemap protocol's limit of URLs per file; past it, /sitemap.xml is an index of files of this many. */
export const SITEMAP_MAX_URLS = 50_000;

/** One URL of the sitemap, absolute, with its last change (ISO 8601) when known. */
export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The path of the `n`-th (1-based) file of a sitemap index. */
export const sitemapPartPath = (n: number): string => `/sitemap-${n}.xml`;

/**
 * The sitemap's files: `/sitemap.xml` alone (a urlset) up to `maxUrls` URLs, otherwise `/sitemap.xml` as an index
 * of `/sitemap-1.xml`, `/sitemap-2.xml`... of `maxUrls` URLs each. Keyed by path.
 */
export function sitemapFiles(publicUrl: string, urls: SitemapUrl[], maxUrls = SITEMAP_MAX_URLS): Map<string, string> {
  const urlset = (part: SitemapUrl[]) =>
    `${XML_HEAD}<urlset xmlns="${NS}">\n${part
      .map((url) => `  <url><loc>${escapeHtml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>\n`)
      .join('')}</urlset>\n`;
  if (urls.length <= maxUrls) return new Map([['/sitemap.xml', urlset(urls)]]);
  const files = new Map<string, string>();
  const parts: string[] = [];
  for (let start = 0, n = 1; start < urls.length; start += maxUrls, n += 1) {
    const part = urls.slice(start, start + maxUrls);
    files.set(sitemapPartPath(n), urlset(part));
    const lastmod = part.reduce<string | undefined>(
      (latest, url) => (url.lastmod && (!latest || url.lastmod > latest) ? url.lastmod : latest),
      undefined,
    );
    parts.push(
      `  <sitemap><loc>${escapeHtml(publicUrl + sitemapPartPath(n))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`,
    );
  }
  files.set('/sitemap.xml', `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${parts.join('')}</sitemapindex>\n`);
  return files;
}

/**
 * robots.txt: the admin and signed-in pages (the dashboards, an order's confirmation) and the links mailed to one
 * person (password reset, staff invitation) are not for search engines; the sign-in and cart pages stay crawlable
 * (nothing in them is private, and a blocked page cannot say `noindex` for itself). The
 * API is not either, except the product photos, which the pages and their link previews point to (a crawler
 * follows the longest matching rule, so the Allow wins for them). It names the sitemap.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    "# The shop's catalogue is public; accounts, orders and the admin screens are not for search engines.",
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /user',
    'Disallow: /order/',
    'Disallow: /reset-password',
    'Disallow: /staff/',
    'Disallow: /api/',
    'Allow: /api/product/photo/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
