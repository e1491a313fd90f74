import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import { ByteLru } from './byte-lru.js';
import { PHOTO_VARIANTS } from './photo-store.js';
import type { PhotoVariant, StoredPhoto } from './product-photos.repository.js';

/** The channel the catalogue triggers (migration CatalogueSpeed) notify on, at the commit of every catalogue write. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

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

/** Reconnect back-off of the listening connection, from first to longest. */
const RECONNECT_MS = [50, 100, 250, 500, 1000, 2000];
/** How often the idle listening connection is checked: a silently dead TCP connection would deliver nothing. */
const PING_MS = 5000;
/** A list entry's bookkeeping beyond its body, counted against the byte bound. */
const ENTRY_OVERHEAD_BYTES = 200;
/** The share of the list cache's bounds (bytes and entries) that search results get, in an LRU of their own. */
const SEARCH_SHARE = 4;

/**
 * The API process's read-through caches of the catalogue: list pages per normalized query, listing totals per
 * category, and photos per (product, variant), each an LRU bounded in bytes (and lists in entries too).
 * Search results (`q`) have an LRU of their own, a quarter of the list bounds: every distinct search is a new
 * key, and a stream of them (a crawler, a hostile client) must not push the home page's lists out of memory.
 *
 * Never stale beyond the delivery of a notification: every catalogue write NOTIFYs `catalogue_changed` from a
 * trigger, in the writing transaction, so every replica hears it when (and only when) the write commits. One
 * dedicated connection per process LISTENs. While it is down nothing is served from or stored in the caches;
 * when it comes back everything is flushed (notifications sent meanwhile are lost). A read that was under way
 * when a notification came is not stored (generation check), so it cannot put back what was just invalidated.
 */
@Injectable()
export class CatalogueCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CatalogueCache.name);
  private readonly lists: ByteLru<ListEntry>;
  private readonly searches: ByteLru<ListEntry>;
  private readonly counts: ByteLru<number>;
  private readonly photos: ByteLru<StoredPhoto>;
  /** Bumped by every invalidation of lists (or counts) / of photos; a read started in an older one is not kept. */
  private listGeneration = 0;
  private photoGeneration = 0;
  /** Loads under way, per generation and key, so concurrent misses share one query. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private listener: pg.Client | undefined;
  private live = false;
  private stopped = false;
  private attempts = 0;
  private retry: NodeJS.Timeout | undefined;
  private ping: NodeJS.Timeout | undefined;

  /** DATABASE_LISTEN_URL: a session-capable connection when the pool goes through a transaction-mode pooler. */
  private readonly listenUrl: string | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: StoreMetrics,
  ) {
    this.listenUrl = config.databaseListenUrl;
    this.lists = new ByteLru(config.listCacheMaxBytes, config.listCacheMaxEntries);
    this.searches = new ByteLru(Math.floor(config.listCacheMaxBytes / SEARCH_SHARE), Math.floor(config.listCacheMaxEntries / SEARCH_SHARE));
    this.counts = new ByteLru(Number.MAX_SAFE_INTEGER, 10_000);
    this.photos = new ByteLru(config.photoCacheMaxBytes, Number.MAX_SAFE_INTEGER);
  }

  /** Whether the caches are in use: the listening connection is up (and the caches flushed since it came up). */
  get isLive(): boolean {
    return this.live;
  }

  /** What the caches hold now (for tests and diagnostics). */
  stats(): {
    live: boolean;
    lists: number;
    listBytes: number;
    searches: number;
    counts: number;
    photos: number;
    photoBytes: number;
  } {
    const { lists, searches, counts, photos } = this;
    return {
      live: this.live,
      lists: lists.size,
      listBytes: lists.bytes,
      searches: searches.size,
      counts: counts.size,
      photos: photos.size,
      photoBytes: photos.bytes,
    };
  }

  /** The server process id of the listening connection, while it is up (a test terminates it to show the flush). */
  get listenerPid(): number | undefined {
    return this.live ? (this.listener as unknown as { processID?: number } | undefined)?.processID : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    this.goOffline();
  }

  /**
   * A list page if memory has it (counted as a hit), else undefined and nothing counted: the caller then goes
   * the long way, through {@link list}, which counts the miss.
   */
  peekList(key: string, search = false): ListEntry | undefined {
    return this.peek('product_list', search ? this.searches : this.lists, key);
  }

  /** A photo variant if memory has it (counted as a hit), else undefined, as {@link peekList}. */
  peekPhoto(productId: string, variant: PhotoVariant): StoredPhoto | undefined {
    return this.peek('product_photo', this.photos, `${productId}:${variant}`);
  }

  private peek<V>(cache: string, lru: ByteLru<V>, key: string): V | undefined {
    if (!this.live) return undefined;
    const hit = lru.get(key);
    if (hit !== undefined) this.metrics.cacheLookup(cache, true);
    return hit;
  }

  /** A list page, from memory or from `load` (then kept); `search` for a page of search results. */
  list(key: string, load: () => Promise<ListEntry>, search = false): Promise<ListEntry> {
    return this.readThrough(
      'product_list',
      search ? this.searches : this.lists,
      key,
      () => this.listGeneration,
      load,
      (entry) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0) + ENTRY_OVERHEAD_BYTES,
    );
  }

  /** A listing's total, from memory or from `load`. */
  count(categoryId: string | undefined, load: () => Promise<number>): Promise<number> {
    return this.readThrough(
      'product_count',
      this.counts,
      categoryId ?? '*',
      () => this.listGeneration,
      load,
      () => 1,
    );
  }

  /** A photo variant, from memory or from `load`; a photo that is not there is not remembered. */
  photo(productId: string, variant: PhotoVariant, load: () => Promise<StoredPhoto | undefined>): Promise<StoredPhoto | undefined> {
    return this.readThrough(
      'product_photo',
      this.photos,
      `${productId}:${variant}`,
      () => this.photoGeneration,
      load,
      (photo) => photo.bytes.length + ENTRY_OVERHEAD_BYTES,
    );
  }

  /** Drops every list page and total (this process's own writes call it at once; other replicas hear the NOTIFY). */
  invalidateLists(): void {
    this.listGeneration += 1;
    this.lists.clear();
    this.searches.clear();
    this.counts.clear();
  }

  invalidatePhoto(productId: string): void {
    this.photoGeneration += 1;
    for (const variant of PHOTO_VARIANTS) this.photos.delete(`${productId}:${variant}`);
  }

  private flushAll(): void {
    this.invalidateLists();
    this.photoGeneration += 1;
    this.photos.clear();
  }

  private async readThrough<V>(
    cache: string,
    lru: ByteLru<NonNullable<V>>,
    key: string,
    generation: () => number,
    load: () => Promise<V>,
    sizeOf: (value: NonNullable<V>) => number,
  ): Promise<V> {
    if (!this.live) return load();
    const hit = lru.get(key);
    this.metrics.cacheLookup(cache, hit !== undefined);
    if (hit !== undefined) return hit;
    const started = generation();
    const loadKey = `${cache}:${started}:${key}`;
    const pending = this.loading.get(loadKey) as Promise<V> | undefined;
    if (pending) return pending;
    const loaded = load().then(
      (value) => {
        this.loading.delete(loadKey);
        if (value !== undefined && value !== null && this.live && generation() === started) lru.set(key, value, sizeOf(value));
        return value;
      },
      (error: unknown) => {
        this.loading.delete(loadKey);
        throw error;
      },
    );
    this.loading.set(loadKey, loaded);
    return loaded;
  }

  private onNotification(payload: string | undefined): void {
    if (payload === 'lists' || payload === 'counts') this.invalidateLists();
    else if (payload?.startsWith('photo:')) this.invalidatePhoto(payload.slice('photo:'.length));
    else this.flushAll(); // 'photos' (a truncate), or anything this version does not know: be safe
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const options = this.dataSource.options as { url?: string };
    const client = new pg.Client({
      connectionString: this.listenUrl ?? options.url,
      keepAlive: true,
      application_name: 'tshirt-store-api-listen',
    });
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) this.onNotification(message.payload);
    });
    const lost = (reason: unknown) => {
      if (this.listener !== client) return;
      this.logger.warn(
        `Catalogue change listener lost (${reason instanceof Error ? reason.message : String(reason)}); caches off until it is back`,
      );
      this.goOffline();
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost('connection ended'));
    try {
      this.listener = client;
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      lost(error);
      client.end().catch(() => undefined);
      return;
    }
    if (this.stopped || this.listener !== client) return;
    // Whatever was written while nobody listened is unknown: start empty.
    this.flushAll();
    this.attempts = 0;
    this.live = true;
    this.ping = setInterval(() => void client.query('SELECT 1').catch(lost), PING_MS);
    this.ping.unref();
  }

  private goOffline(): void {
    this.live = false;
    this.flushAll();
    clearInterval(this.ping);
    const client = this.listener;
    this.listener = undefined;
    client?.removeAllListeners('notification');
    client?.on('error', () => undefined);
    client?.end().catch(() => undefined);
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.retry);
    const delay = RECONNECT_MS[Math.min(this.attempts, RECONNECT_MS.length - 1)];
    this.attempts += 1;
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }
}
