import { Inject, Injectable } from '@nestjs/common';
import { ByteLru } from '../../common/byte-lru.js';
import { ReadThrough } from '../../common/read-through.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CatalogueChanges, DelayedDrop, STOCK_MOVED } from '../../database/catalogue-changes.js';
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

/** A list entry's bookkeeping beyond its body, counted against the byte bound. */
const ENTRY_OVERHEAD_BYTES = 200;
/** The share of the list cache's bounds (bytes and entries) that search results get, in an LRU of their own. */
const SEARCH_SHARE = 4;

/**
 * The API process's read-through cache of the catalogue's lists: list pages per normalized query and listing
 * totals per category, each an LRU bounded in bytes (and lists in entries too). Search results (`q`) have an LRU of
 * their own, a quarter of the list bounds: every distinct search is a new key, and a stream of them (a crawler, a
 * hostile client) must not push the home page's lists out of memory.
 *
 * Never stale beyond the delivery of a notification: it follows {@link CatalogueChanges} (every catalogue write
 * NOTIFYs at commit; while the listening connection is down nothing is served from or stored here, and
 * everything is flushed when it comes back). A read that was under way when a notification came is not stored.
 * A sale's stock and sold figures alone wait up to LIST_STOCK_REFRESH_MS more (docs/performance.md).
 */
@Injectable()
export class CatalogueCache {
  private readonly lists: ByteLru<ListEntry>;
  private readonly searches: ByteLru<ListEntry>;
  private readonly counts: ByteLru<number>;
  private readonly reads = new ReadThrough();
  /** The lists' drop for stock and sold moves, at most once per LIST_STOCK_REFRESH_MS. */
  private readonly stockMoved: DelayedDrop;

  constructor(
    private readonly changes: CatalogueChanges,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: StoreMetrics,
  ) {
    this.lists = new ByteLru(config.listCacheMaxBytes, config.listCacheMaxEntries);
    this.searches = new ByteLru(Math.floor(config.listCacheMaxBytes / SEARCH_SHARE), Math.floor(config.listCacheMaxEntries / SEARCH_SHARE));
    this.counts = new ByteLru(Number.MAX_SAFE_INTEGER, 10_000);
    this.stockMoved = new DelayedDrop(config.listStockRefreshMs, () => this.invalidateLists());
    changes.subscribe({
      // A photo change alone leaves the lists as they are; stock and sold moves alone (`stock`: a sale, a cancel)
      // drop them once their refresh interval is up, however many came meanwhile; anything else (a row, a
      // truncate, a payload this version does not know) drops them at once.
      changed: (payload) => {
        if (payload?.startsWith('photo:')) return;
        if (payload === STOCK_MOVED) this.stockMoved.soon();
        else this.invalidateLists();
      },
      flush: () => this.invalidateLists(),
    });
  }

  /** Whether the cache is in use: the listening connection is up (and the cache flushed since it came up). */
  get isLive(): boolean {
    return this.changes.isLive;
  }

  /** What the cache holds now (for tests and diagnostics). */
  stats(): { live: boolean; lists: number; listBytes: number; searches: number; counts: number } {
    const { lists, searches, counts } = this;
    return { live: this.isLive, lists: lists.size, listBytes: lists.bytes, searches: searches.size, counts: counts.size };
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

  /** Drops every list page and total (this process's own writes call it at once; other replicas hear the NOTIFY). */
  invalidateLists(): void {
    this.stockMoved.cancel();
    this.reads.invalidate();
    this.lists.clear();
    this.searches.clear();
    this.counts.clear();
  }
}
