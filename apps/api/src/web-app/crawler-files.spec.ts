import { robotsTxt, sitemapFiles } from './crawler-files.js';

const BASE = 'https://shop.example.com';
const urls = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    loc: `${BASE}/product/${i}`,
    lastmod: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
  }));

describe('sitemap', () => {
  it('is one urlset with every URL and its last change while they fit in one file', () => {
    const files = sitemapFiles(BASE, urls(3), 3);
    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    const xml = files.get('/sitemap.xml')!;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml).toContain(`<url><loc>${BASE}/product/2</loc><lastmod>2026-01-03T00:00:00.000Z</lastmod></url>`);
  });

  it('becomes an index of files of at most the limit past it, each with the latest change of its URLs', () => {
    const files = sitemapFiles(BASE, urls(7), 3);
    expect([...files.keys()].sort()).toEqual(['/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml', '/sitemap.xml']);
    const index = files.get('/sitemap.xml')!;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain(`<sitemap><loc>${BASE}/sitemap-1.xml</loc><lastmod>2026-01-03T00:00:00.000Z</lastmod></sitemap>`);
    expect(index).toContain(`<loc>${BASE}/sitemap-3.xml</loc>`);
    const counts = ['/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml'].map((file) => files.get(file)!.match(/<url>/g)?.length);
    expect(counts).toEqual([3, 3, 1]);
  });

  it('escapes what XML needs escaped in a URL', () => {
    const xml = sitemapFiles(BASE, [{ loc: `${BASE}/?category=a&b` }]).get('/sitemap.xml')!;
    expect(xml).toContain('<loc>https://shop.example.com/?category=a&amp;b</loc>');
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the admin and signed-in pages and the API, but lets them fetch product photos', () => {
    const lines = robotsTxt(BASE).split('\n');
    for (const rule of ['Disallow: /admin', 'Disallow: /user', 'Disallow: /order/', 'Disallow: /api/', 'Allow: /api/product/photo/'])
      expect(lines).toContain(rule);
    // Not a blanket `/api`, which would also cover the photos (a longer Allow wins over it, but say it plainly).
    expect(lines).not.toContain('Disallow: /api');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});
