import { Inject, Injectable } from '@nestjs/common';
import { ByteLru } from '../../common/byte-lru.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { ChangeFeed, STOCK_MOVED } from '../../database/change-feed.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import { type CatalogueChoices, StockRepository } from './stock.repository.js';

/** An entry's bookkeeping beyond its strings, and each variant's, counted against the byte bound. */
const ENTRY_OVERHEAD_BYTES = 200;
const VARIANT_OVERHEAD_BYTES = 120;

/**
 * The quote's products, kept in memory per API process: what {@link StockRepository.choices} reads of a product
 * (its name, price, category, weight, options and variants with their own prices and weights), less the stock
 * figures, which a quote never reads. An LRU bounded by PRODUCT_CACHE_MAX_BYTES (an LRU of its own beside the
 * product page's answers; 0 turns it off), filled by the quotes' misses (all of a cart's missing products in one
 * read).
 *
 * Never stale beyond the delivery of a notification, like the catalogue's cache (it follows the same
 * {@link ChangeFeed}): every change of a product, option, value or variant row notifies `lists` or `counts`
 * at commit and drops everything at once (this process's own writes drop it before they answer, through
 * ChangeFeed.wroteHere, as they drop the product page's answers); while the listening connection is down nothing is served from or kept
 * here (every quote reads Postgres), and everything is dropped when it comes back; a read under way when a
 * notification came is not kept. A sale's `stock` (an UPDATE that changed only `stock` and `sold`) and a photo's
 * change leave it as it is: nothing kept here shows them, so it needs no LIST_STOCK_REFRESH_MS delay either.
 *
 * The reservation chooses its lines' variants on it too, and keeps only what the rows it then locks say (their
 * names, prices, SKUs and values); the rules and the discount code are read fresh (docs/pricing.md).
 */
@Injectable()
export class ProductChoicesCache {
  private readonly products: ByteLru<CatalogueChoices>;
  /** Bumped by every drop: a read that started in an older generation is not kept. */
  private generation = 0;

  constructor(
    private readonly repository: StockRepository,
    private readonly changes: ChangeFeed,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: StoreMetrics,
  ) {
    this.products = new ByteLru(config.productCacheMaxBytes, Number.MAX_SAFE_INTEGER);
    changes.subscribe({
      changed: (payload) => {
        if (payload === STOCK_MOVED || payload?.startsWith('photo:')) return;
        this.invalidate();
      },
      flush: () => this.invalidate(),
      // This process's own product writes (ProductsService, the CSV import), at once.
      wroteHere: () => this.invalidate(),
    });
  }

  /** The products named (ids lower case) that exist: from memory, the rest in one read (then kept). */
  async choices(productIds: readonly string[]): Promise<Map<string, CatalogueChoices>> {
    if (!this.changes.isLive || this.products.maxBytes === 0) return this.repository.choices([...productIds]);
    const found = new Map<string, CatalogueChoices>();
    const missing: string[] = [];
    for (const id of productIds) {
      const hit = this.products.get(id);
      this.metrics.cacheLookup('quote_product', hit !== undefined);
      if (hit !== undefined) found.set(id, hit);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const started = this.generation;
    const loaded = await this.repository.choices(missing);
    const keep = this.changes.isLive && this.generation === started;
    for (const [id, product] of loaded) {
      const entry = withoutStock(product);
      found.set(id, entry);
      if (keep) this.products.set(id, entry, bytesOf(entry));
    }
    return found;
  }

  /** What the cache holds now (for tests and diagnostics). */
  stats(): { live: boolean; products: number; bytes: number } {
    return { live: this.changes.isLive, products: this.products.size, bytes: this.products.bytes };
  }

  private invalidate(): void {
    this.generation += 1;
    this.products.clear();
  }
}

/** A product read for a quote, its stock figures left out (a kept copy must not look like a current stock). */
function withoutStock(product: CatalogueChoices & { stock?: number }): CatalogueChoices {
  return {
    name: product.name,
    priceCents: product.priceCents,
    categoryId: product.categoryId,
    weightGrams: product.weightGrams,
    optionNames: product.optionNames,
    optionValues: product.optionValues,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      productId: variant.productId,
      active: variant.active,
      sku: variant.sku,
      values: variant.values,
      priceCents: variant.priceCents,
      weightGrams: variant.weightGrams,
    })),
  };
}

/** About what an entry takes in memory: its strings (two bytes a character) and each object's bookkeeping. */
function bytesOf(product: CatalogueChoices): number {
  const text = (values: readonly string[]) => values.reduce((sum, value) => sum + 2 * value.length, 0);
  let bytes = ENTRY_OVERHEAD_BYTES + 2 * product.name.length + text(product.optionNames);
  for (const values of product.optionValues) bytes += text(values);
  for (const variant of product.variants) bytes += VARIANT_OVERHEAD_BYTES + 2 * variant.sku.length + text(variant.values);
  return bytes;
}
