import { Inject, Injectable } from '@nestjs/common';
import { ByteLru } from '../../common/byte-lru.js';
import { ReadThrough } from '../../common/read-through.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { ChangeFeed, STOCK_MOVED } from '../../database/change-feed.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import { PHOTO_VARIANTS } from './photo-store.js';
import type { PhotoRef, PhotoVariant, StoredPhoto } from './product-photos.repository.js';

/** A photo entry's bookkeeping beyond its bytes, counted against the byte bound. */
const ENTRY_OVERHEAD_BYTES = 200;

/** A cached variant's key: the product's first photo as before galleries, `<product>:<photo>:<variant>` for the others. */
export function photoCacheKey(ref: PhotoRef, variant: PhotoVariant): string {
  return ref.photoId ? `${ref.productId}:${ref.photoId}:${variant}` : `${ref.productId}:${variant}`;
}

/**
 * The API process's read-through cache of product photos, per (product, photo, variant), an LRU bounded in bytes
 * (PHOTO_CACHE_MAX_BYTES). It follows {@link ChangeFeed} as the list cache does: a photo's notification
 * (`photo:<id>`) drops that product's variants, a notification it does not know drops them all, and while the
 * listening connection is down nothing is served from or stored here.
 */
@Injectable()
export class PhotoCache {
  private readonly photos: ByteLru<StoredPhoto>;
  private readonly reads = new ReadThrough();
  /** The gallery photos' keys stored per product, to drop with the product's first photo (at most 12 x 3 each). */
  private readonly galleryKeys = new Map<string, Set<string>>();

  constructor(
    private readonly changes: ChangeFeed,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: StoreMetrics,
  ) {
    this.photos = new ByteLru(config.photoCacheMaxBytes, Number.MAX_SAFE_INTEGER);
    changes.subscribe({
      changed: (payload) => {
        if (payload === 'lists' || payload === 'counts' || payload === STOCK_MOVED) return;
        if (payload?.startsWith('photo:')) this.invalidate(payload.slice('photo:'.length));
        else this.clear(); // 'photos' (a truncate), or anything this version does not know: be safe
      },
      flush: () => this.clear(),
    });
  }

  /** What the cache holds now (for tests and diagnostics). */
  stats(): { live: boolean; photos: number; photoBytes: number } {
    return { live: this.changes.isLive, photos: this.photos.size, photoBytes: this.photos.bytes };
  }

  /** A photo variant if memory has it (counted as a hit), else undefined and nothing counted. */
  peek(ref: PhotoRef, variant: PhotoVariant): StoredPhoto | undefined {
    return this.peekKey(photoCacheKey(ref, variant));
  }

  /** {@link peek} by the variant's key ({@link photoCacheKey}), made once per URL by the cached GET. */
  peekKey(key: string): StoredPhoto | undefined {
    if (!this.changes.isLive) return undefined;
    const hit = this.photos.get(key);
    if (hit !== undefined) this.metrics.cacheLookup('product_photo', true);
    return hit;
  }

  /** A photo variant, from memory or from `load`; a photo that is not there is not remembered. */
  read(ref: PhotoRef, variant: PhotoVariant, load: () => Promise<StoredPhoto | undefined>): Promise<StoredPhoto | undefined> {
    if (!this.changes.isLive) return load();
    const key = photoCacheKey(ref, variant);
    if (ref.photoId) {
      let keys = this.galleryKeys.get(ref.productId);
      if (!keys) this.galleryKeys.set(ref.productId, (keys = new Set()));
      keys.add(key);
    }
    return this.reads.read(
      this.photos,
      'product_photo',
      key,
      load,
      (photo) => photo.bytes.length + ENTRY_OVERHEAD_BYTES,
      () => this.changes.isLive,
      (hit) => this.metrics.cacheLookup('product_photo', hit),
    );
  }

  /** Drops a product's variants (this process's own writes call it at commit; other replicas hear the NOTIFY). */
  invalidate(productId: string): void {
    this.reads.invalidate();
    for (const variant of PHOTO_VARIANTS) this.photos.delete(photoCacheKey({ productId }, variant));
    for (const key of this.galleryKeys.get(productId) ?? []) this.photos.delete(key);
    this.galleryKeys.delete(productId);
  }

  private clear(): void {
    this.reads.invalidate();
    this.photos.clear();
    this.galleryKeys.clear();
  }
}
