import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ByteLru } from '../common/byte-lru.js';
import { AppError } from '../common/errors.js';
import { ReadThrough } from '../common/read-through.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/env.js';
import { ChangeFeed, DelayedDrop, STOCK_MOVED } from '../database/change-feed.js';
import { ProductsService } from '../modules/catalogue/index.js';
import { CategoriesService } from '../modules/categories/categories.service.js';
import { robotsTxt, type SitemapUrl, sitemapFiles } from './crawler-files.js';
import { largePhotoUrl, pageHead } from './page-head.js';
import { type PageParts, pageTemplate } from './page-template.js';
import type { PageData, PageNeeds, WebRenderer } from './web-renderer.js';

/** A rendered answer as it is sent: the body, compressed once in each coding browsers take. */
export interface RenderedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Bounds of the rendered pages kept in memory (a page is 10-60 kB with its compressed copies). */
const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
const PAGE_CACHE_MAX_ENTRIES = 2000;
/** Made once per page and catalogue change, so a better level than per-request compression affords. */
const BROTLI_QUALITY = 9;

/** Where the web build puts its server entry, beside WEB_DIST (apps/web/vite.config.ts, `--ssr`). */
export const serverEntryOf = (webDist: string): string => path.resolve(webDist, '..', 'dist-server', 'entry-server.js');

/**
 * The public pages rendered on the server (docs/web.md, Server rendering): the home page (its category and search
 * views too) and the product pages, drawn by the web app's own components from the catalogue's caches, plus
 * robots.txt and the sitemap. Every answer is kept, ready to send in each encoding, until the catalogue changes:
 * it follows {@link ChangeFeed} as the catalogue's list cache does, so every replica drops its pages within
 * a notification's delivery of a change (a sale's stock moves: within LIST_STOCK_REFRESH_MS, as the lists); while
 * the listening connection is down nothing is kept. Searches are
 * rendered each time (their results are cached by the catalogue), as they are endless in number.
 */
@Injectable()
export class WebPages implements OnModuleInit {
  private readonly logger = new Logger('WebPages');
  private renderer: WebRenderer | undefined;
  private template: ((parts: PageParts) => string) | undefined;
  private readonly answers = new ByteLru<RenderedAnswer>(PAGE_CACHE_MAX_BYTES, PAGE_CACHE_MAX_ENTRIES);
  private readonly reads = new ReadThrough();
  private readonly publicUrl: string;
  /** The sitemap's files, while no catalogue change came since they were read. */
  private sitemapFiles: Promise<Map<string, RenderedAnswer>> | undefined;
  /** The pages' drop for stock and sold moves, at most once per LIST_STOCK_REFRESH_MS. */
  private readonly stockMoved: DelayedDrop;

  constructor(
    private readonly products: ProductsService,
    private readonly categories: CategoriesService,
    private readonly changes: ChangeFeed,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // Required in production when WEB_DIST is set (env.ts); http://localhost:PORT otherwise.
    this.publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    // Pages show stock as the lists do (availability), so they follow stock moves as late as the lists may.
    this.stockMoved = new DelayedDrop(config.listStockRefreshMs, () => this.drop());
    changes.subscribe({
      changed: (payload) => (payload === STOCK_MOVED ? this.stockMoved.soon() : this.drop()),
      flush: () => this.drop(),
    });
  }

  /** Forgets every page and the sitemap. */
  private drop(): void {
    this.stockMoved.cancel();
    this.reads.invalidate();
    this.answers.clear();
    this.sitemapFiles = undefined;
  }

  async onModuleInit(): Promise<void> {
    const webDist = this.config.webDist;
    if (!webDist) return;
    const entry = serverEntryOf(webDist);
    if (!existsSync(entry)) {
      this.logger.warn(`${entry} is missing: pages are rendered in the browser only (build the web app: npm run build)`);
      return;
    }
    this.template = pageTemplate(path.resolve(webDist));
    this.renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  }

  /** Whether the server renders pages (WEB_DIST is set and its build has the server entry). */
  get renders(): boolean {
    return this.renderer !== undefined;
  }

  /** The rendered page at `pathname` + `search` (with its `?`), or undefined for a page the browser renders. */
  async page(pathname: string, search: string): Promise<RenderedAnswer | undefined> {
    const renderer = this.renderer;
    const needs = renderer?.pageNeeds(pathname, search);
    if (!renderer || !needs) return undefined;
    const render = () => this.render(renderer, `${pathname}${search}`, needs);
    if (needs.page === 'home' && needs.view.q) return render();
    // Unknown addresses are endless in number and all draw the same page (nothing in it names the address).
    if (needs.page === 'notFound') return this.cached('page:not-found', render);
    return this.cached(`page:${pathname}${search}`, render);
  }

  /** robots.txt, /sitemap.xml and the files of a sitemap index; undefined for any other path. */
  async crawlerFile(pathname: string): Promise<RenderedAnswer | undefined> {
    if (pathname === '/robots.txt')
      return this.cached('robots', async () => answer(200, 'text/plain; charset=utf-8', robotsTxt(this.publicUrl)));
    if (!/^\/sitemap(-\d+)?\.xml$/.test(pathname)) return undefined;
    return (await this.sitemap()).get(pathname);
  }

  /** The sitemap's files by path, kept until the catalogue changes (as the pages are). */
  private sitemap(): Promise<Map<string, RenderedAnswer>> {
    const load = async () => {
      const products = await this.products.sitemapEntries();
      const latest = products.reduce<string | undefined>((last, p) => (!last || p.updatedAt > last ? p.updatedAt : last), undefined);
      const urls: SitemapUrl[] = [
        { loc: `${this.publicUrl}/`, lastmod: latest },
        ...products.map((product) => ({ loc: `${this.publicUrl}/product/${product._id}`, lastmod: product.updatedAt })),
      ];
      const files = sitemapFiles(this.publicUrl, urls);
      return new Map([...files].map(([file, xml]) => [file, answer(200, 'application/xml; charset=utf-8', xml)]));
    };
    if (!this.changes.isLive) return load();
    const kept = this.sitemapFiles;
    if (kept) return kept;
    const loading = load();
    this.sitemapFiles = loading;
    // A failed read is not kept; one a catalogue change overtook is dropped by the change itself.
    loading.catch(() => {
      if (this.sitemapFiles === loading) this.sitemapFiles = undefined;
    });
    return loading;
  }

  /** `load`'s answer, kept until the catalogue changes (undefined, "not rendered here", is never kept). */
  private cached(key: string, load: () => Promise<RenderedAnswer | undefined>): Promise<RenderedAnswer | undefined> {
    if (!this.changes.isLive) return load();
    return this.reads.read(
      this.answers,
      'page',
      key,
      load,
      (entry) => entry.body.length + entry.gzip.length + entry.br.length,
      () => this.changes.isLive,
      () => undefined,
    );
  }

  private async render(renderer: WebRenderer, url: string, needs: PageNeeds): Promise<RenderedAnswer | undefined> {
    const data = await this.pageData(needs);
    if (!data) return undefined;
    const page = await renderer.renderPage(url, needs, data);
    const head = pageHead(this.headOf(needs, data, page.title, page.description));
    const html = this.template!({ head, hints: page.head, modules: page.modules, html: page.html, data: page.data });
    return answer(page.status, 'text/html; charset=utf-8', html);
  }

  /** What the page shows, from the catalogue's caches; undefined for a view the catalogue refuses (the browser shows its 400). */
  private async pageData(needs: PageNeeds): Promise<PageData | undefined> {
    const categories = this.categories.list();
    if (needs.page === 'notFound') return { categories: await categories };
    if (needs.page === 'product') {
      const [product, all] = await Promise.all([this.products.find(needs.productId), categories]);
      return { categories: all, product: product ?? null };
    }
    const { sortBy, order, q, category } = needs.view;
    const query: Record<string, string> = { limit: String(needs.pageSize), offset: '0', sortBy, order };
    if (q) query.q = q;
    if (category) query.category = category;
    try {
      const [products, all] = await Promise.all([this.products.listForQuery(query), categories]);
      return { categories: all, products };
    } catch (error) {
      // A malformed view in the URL (a 400), or too many searches at once (a 503): the browser asks the API itself
      // and shows its answer, as it did before pages were rendered here.
      if (error instanceof AppError && (error.status === 400 || error.status === 503)) return undefined;
      throw error;
    }
  }

  private headOf(needs: PageNeeds, data: PageData, title: string, description: string) {
    if (needs.page === 'notFound') return { title, description, noindex: true };
    if (needs.page === 'product') {
      const canonical = `${this.publicUrl}/product/${needs.productId.toLowerCase()}`;
      const product = data.product ?? undefined;
      return { title, description, canonical, product, image: product && largePhotoUrl(this.publicUrl, product), noindex: !product };
    }
    // The category's view is a page of its own; a sort is the same products, and a search is not for search results.
    const canonical = `${this.publicUrl}/${needs.view.category ? `?${new URLSearchParams({ category: needs.view.category }).toString()}` : ''}`;
    const first = data.products?.products[0];
    return { title, description, canonical, image: first && largePhotoUrl(this.publicUrl, first), noindex: !!needs.view.q };
  }
}

function answer(status: number, contentType: string, text: string): RenderedAnswer {
  const body = Buffer.from(text);
  return {
    status,
    contentType,
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  };
}
