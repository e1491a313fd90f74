import { Inject, Injectable } from '@nestjs/common';
import { ByteLru } from '../../common/byte-lru.js';
import { ReadThrough } from '../../common/read-through.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { ChangeFeed, DelayedDrop, STOCK_MOVED } from '../../database/change-feed.js';
import { StoreMetrics } from '../metrics/store-metrics.js';

/** A list page as it is sent: the JSON body, ready to write, and its headers' values. */
export interface ListEntry {
  body: Buffer;
  /**
   * The body compressed once in each coding browsers take, when it is large enough for the compression middleware
   * to compress it (docs/performance.md): hits then never compress per request.
   */
  gzip: Buffer | undefined;
  br: Buffer | undefined;
  total: number;
  /** The total stopped counting (a search's, at SEARCH_COUNT_CAP): sent as X-Total-Count-Capped. */
  capped?: boolean;
  next: string | undefined;
}

/** One product's answer as it is sent (`GET /product/{id}`): its JSON bytes, compressed once, and their ETag. */
export interface ProductEntry {
  body: Buffer;
  gzip: Buffer | undefined;
  br: Buffer | undefined;
  /** The weak ETag of the JSON bytes, as Express's res.json() makes it (so a browser's stored copy revalidates). */
  etag: string;
}

/** A list entry's bookkeeping beyond its body, counted against the byte bound. */
const ENTRY_OVERHEAD_BYTES = 200;
/** The share of the list cache's bounds (bytes and entries) that search results get, in an LRU of their own. */
const SEARCH_SHARE = 4;

/**
 * The API process's read-through cache of the catalogue's reads: list pages per normalized query, listing
 * totals per category and single products' answers (the product page's data), each an LRU bounded in bytes (and
 * lists in entries too). Search results (`q`) have an LRU of
 * their own, a quarter of the list bounds: every distinct search is a new key, and a stream of them (a crawler, a
 * hostile client) must not push the home page's lists out of memory.
 *
 * Never stale beyond the delivery of a notification: it follows {@link ChangeFeed} (every catalogue write
 * NOTIFYs at commit; while the listening connection is down nothing is served from or stored here, and
 * everything is flushed when it comes back). A read that was under way when a notification came is not stored.
 * A sale's stock and sold figures alone wait up to LIST_STOCK_REFRESH_MS more (docs/performance.md), on a product's
 * page as on the lists: both are dropped together. A product's gallery change (`photo:<id>`) drops that product.
 */
@Injectable()
export class CatalogueCache {
  private readonly lists: ByteLru<ListEntry>;
  private readonly searches: ByteLru<ListEntry>;
  private readonly counts: ByteLru<number>;
  private readonly products: ByteLru<ProductEntry>;
  private readonly reads = new ReadThrough();
  /** The products' own: a product's gallery change drops that product alone, and must not void the lists' reads. */
  private readonly productReads = new ReadThrough();
  /** The drop for stock and sold moves, at most once per LIST_STOCK_REFRESH_MS. */
  private readonly stockMoved: DelayedDrop;

  constructor(
    private readonly changes: ChangeFeed,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: StoreMetrics,
  ) {
    this.lists = new ByteLru(config.listCacheMaxBytes, config.listCacheMaxEntries);
    this.searches = new ByteLru(Math.floor(config.listCacheMaxBytes / SEARCH_SHARE), Math.floor(config.listCacheMaxEntries / SEARCH_SHARE));
    this.counts = new ByteLru(Number.MAX_SAFE_INTEGER, 10_000);
    this.products = new ByteLru(config.productCacheMaxBytes, Number.MAX_SAFE_INTEGER);
    this.stockMoved = new DelayedDrop(config.listStockRefreshMs, () => this.drop());
    changes.subscribe({
      // A photo change alone (a gallery's, or the version its URLs name) leaves the lists as they are and drops
      // that product's answer (it lists the gallery); stock and sold moves alone (`stock`: a sale, a cancel) drop
      // lists and products once their refresh interval is up, however many came meanwhile; anything else (a row,
      // a truncate, a payload this version does not know) drops them at once.
      changed: (payload) => {
        if (payload?.startsWith('photo:')) this.invalidateProduct(payload.slice('photo:'.length));
        else if (payload === STOCK_MOVED) this.stockMoved.soon();
        else this.drop();
      },
      flush: () => this.drop(),
      wroteHere: () => this.drop(),
    });
  }

  /** Whether the cache is in use: the listening connection is up (and the cache flushed since it came up). */
  get isLive(): boolean {
    return this.changes.isLive;
  }

  /** What the cache holds now (for tests and diagnostics). */
  stats(): { live: boolean; lists: number; listBytes: number; searches: number; counts: number; products: number } {
    const { lists, searches, counts, products } = this;
    return {
      live: this.isLive,
      lists: lists.size,
      listBytes: lists.bytes,
      searches: searches.size,
      counts: counts.size,
      products: products.size,
    };
  }

  /**
   * A list page if memory has it (counted as a hit), else undefined and nothing counted: the caller then goes
   * the long way, through {@link list}, which counts the miss.
   */
  peekList(key: string, search = false): ListEntry | undefined {
    if (!this.isLive) return undefined;
    const hit = (search ? this.searches : this.lists).get(key);
    if (hit !== undefined) this.metrics.cacheLookup('product_list', true);
    return hit;
  }

  /** Whether a read of this page would load it (not in memory, no load of it under way, or no cache at all). */
  wouldLoadList(key: string, search = false): boolean {
    if (!this.isLive) return true;
    return !(search ? this.searches : this.lists).has(key) && !this.reads.isLoading('product_list', key);
  }

  /** A list page, from memory or from `load` (then kept); `search` for a page of search results. */
  list(key: string, load: () => Promise<ListEntry>, search = false): Promise<ListEntry> {
    if (!this.isLive) return load();
    return this.reads.read(
      search ? this.searches : this.lists,
      'product_list',
      key,
      load,
      (entry) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0) + ENTRY_OVERHEAD_BYTES,
      () => this.isLive,
      (hit) => this.metrics.cacheLookup('product_list', hit),
    );
  }

  /** A listing's total, from memory or from `load`. */
  count(categoryId: string | undefined, load: () => Promise<number>): Promise<number> {
    if (!this.isLive) return load();
    return this.reads.read(
      this.counts,
      'product_count',
      categoryId ?? '*',
      load,
      () => 1,
      () => this.isLive,
      (hit) => this.metrics.cacheLookup('product_count', hit),
    );
  }

  /** A product's answer if memory has it (counted as a hit), else undefined and nothing counted (see {@link peekList}). */
  peekProduct(id: string): ProductEntry | undefined {
    if (!this.isLive) return undefined;
    const hit = this.products.get(id);
    if (hit !== undefined) this.metrics.cacheLookup('product', true);
    return hit;
  }

  /** A product's answer, from memory or from `load` (then kept); undefined (never kept) when there is no such product. */
  product(id: string, load: () => Promise<ProductEntry | undefined>): Promise<ProductEntry | undefined> {
    if (!this.isLive) return load();
    return this.productReads.read(
      this.products,
      'product',
      id,
      load,
      (entry) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0) + ENTRY_OVERHEAD_BYTES,
      () => this.isLive,
      (hit) => this.metrics.cacheLookup('product', hit),
    );
  }

  /**
   * This process's own catalogue write committed: every list page, total and product answer is dropped at once, and
   * so is every other cache of catalogue rows in this process (the quote's products, through
   * {@link ChangeFeed.wroteHere}); other replicas hear the NOTIFY.
   */
  invalidate(): void {
    this.changes.wroteHere();
  }

  /** Drops every list page, total and product answer. */
  private drop(): void {
    this.stockMoved.cancel();
    this.reads.invalidate();
    this.productReads.invalidate();
    this.lists.clear();
    this.searches.clear();
    this.counts.clear();
    this.products.clear();
  }

  /** Drops one product's answer (its gallery changed). */
  invalidateProduct(id: string): void {
    this.productReads.invalidate();
    this.products.delete(id);
  }
}
