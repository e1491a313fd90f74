import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { defaultPhotoAlt, type DeletedResponse, type Product, type ProductPhoto } from '@store/contract';
import { busy, ConcurrencyGate } from '../../common/concurrency-gate.js';
import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { encodeCursor } from '../../common/pagination.js';
import { isUuid } from '../../common/uuid-param.decorator.js';
import { isPgError, PgError } from '../../common/postgres-errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transactions.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { CategoriesService } from '../categories/categories.service.js';
import { CatalogueCache, type ListEntry, type ProductEntry } from './catalogue-cache.js';
import { weakEtag } from './product-answer.js';
import { type ProductListParams, parseProductListQuery } from './dto/product-list-query.js';
import { type GalleryRow, type PhotoRecord, ProductPhotosService } from '../photos/index.js';
import type { ProductChanges, ProductDraft, VariantsDraft } from './product-form.js';
import { ProductVariantsRepository } from './product-variants.repository.js';
import { type ProductPage, ProductsRepository, SEARCH_COUNT_CAP } from './products.repository.js';

/** The product fields an audit entry compares (wire names: `price` in dollars). `sold` moves with checkouts, not admins. */
export const AUDITED = [
  'name',
  'description',
  'price',
  'compareAtPrice',
  'weight',
  'stock',
  'category',
  'sizes',
  'options',
  'variants',
] as const;

/**
 * A product as its audit entries see it: no sizes, no options, no compare-at price is no value, and the variants of
 * a product without options are its stock (so an unsized product's entries read as they always did); options by
 * their values, variants by what an admin sets (not their ids, nor `sold`, which checkouts move).
 */
export function audited(product: Product): Record<string, unknown> {
  const options = product.options ?? [];
  return {
    ...product,
    sizes: product.sizes?.length ? product.sizes : undefined,
    options: options.length
      ? options.map((o) => ({ name: o.name, values: o.values.map((v) => (v.swatch ? `${v.value} ${v.swatch}` : v.value)) }))
      : undefined,
    variants: options.length
      ? product.variants?.map((v) => ({
          sku: v.sku,
          options: v.options,
          stock: v.stock,
          price: v.price ?? null,
          compareAtPrice: v.compareAtPrice ?? null,
          // Only when it has one, so the entries of variants without a weight read as they did before weights.
          ...(v.weight !== undefined ? { weight: v.weight } : {}),
          active: v.active,
        }))
      : undefined,
  };
}

/** The variants of a product without options: one, the default, holding its stock. */
function defaultVariants(stock: number): VariantsDraft {
  return { options: [], variants: [{ options: [], stock, active: true }] };
}

/** The start of the SKUs made for a product's variants: its id's first 12 hex digits, in capitals (as the migration made them). */
function skuPrefix(productId: string): string {
  return productId.replaceAll('-', '').slice(0, 12).toUpperCase();
}
/** A new photo is recorded as such; the image itself is not copied into the trail. */
const PHOTO_CHANGE = { photo: { before: null, after: 'replaced' } };

/**
 * The catalogue: listing, reading, creating, updating and deleting products. Lists are served from the
 * {@link CatalogueCache} as ready JSON bytes; a write checks everything, the photo included, before it opens its
 * transaction, so a failed request leaves nothing half-saved.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly repository: ProductsRepository,
    private readonly variants: ProductVariantsRepository,
    private readonly photos: ProductPhotosService,
    private readonly categories: CategoriesService,
    private readonly cache: CatalogueCache,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.searches = new ConcurrencyGate(config.search.concurrency, this.searchesBusy);
  }

  /** Searches under way in this process (see listPage). */
  private readonly searches: ConcurrencyGate;
  /** The refusal of one search too many. */
  private readonly searchesBusy = busy('Too many searches at once; please try again in a moment');

  /**
   * One page of products as JSON, the total count of the listing, and the cursor of the next page. A search's
   * total is counted with each of its pages (from the trigram index, as the page is) rather than kept apart:
   * one count per distinct search would fill the count cache with keys that are rarely asked for again.
   */
  listPage(params: ProductListParams): Promise<ListEntry> {
    if (params.q === undefined && params.colour === undefined && params.size === undefined) {
      return this.cache.list(listKey(params), async () =>
        listEntry(...(await Promise.all([this.repository.page(params), this.count(params.categoryId)]))),
      );
    }
    if (params.q === undefined) {
      // Filtered by colour or size in stock: counted with its page (stock moves change it; the page's cache entry,
      // dropped on every catalogue change, holds the count with it).
      const variant = { colour: params.colour, size: params.size };
      return this.cache.list(listKey(params), async () =>
        listEntry(...(await Promise.all([this.repository.page(params), this.repository.count(params.categoryId, undefined, variant)]))),
      );
    }
    // A search that memory cannot answer: one of at most SEARCH_CONCURRENCY at once (more are a 503 with
    // Retry-After, not a queue for the pool's connections), page and bounded count in ONE statement on one
    // connection, in a read-only transaction whose statements Postgres cancels after SEARCH_STATEMENT_TIMEOUT_MS,
    // answered before its COMMIT is (its place in the gate held until then).
    return this.cache.list(
      listKey(params),
      () =>
        this.searches.runAnsweringEarly(() =>
          this.transactions.readWithStatementTimeout(
            this.config.search.statementTimeoutMs,
            async () => {
              const { page, counted } = await this.repository.searchPage(params);
              return listEntry(page, Math.min(counted, SEARCH_COUNT_CAP), counted > SEARCH_COUNT_CAP);
            },
            { noSeqScan: true },
          ),
        ),
      true,
    );
  }

  /**
   * The refusal {@link listPage} would throw at once for these parameters: a search memory cannot answer, that no
   * identical search under way would share, while SEARCH_CONCURRENCY searches run (the cached GET answers it
   * before the framework, so a flood of searches costs this process little); undefined when it would take it on.
   */
  searchRefusal(params: ProductListParams): Error | undefined {
    if (params.q === undefined || !this.searches.full || !this.cache.wouldLoadList(listKey(params), true)) return undefined;
    return this.searchesBusy();
  }

  /** The page if memory has it, without waiting for anything (the cached GET); undefined otherwise. */
  cachedPage(params: ProductListParams): ListEntry | undefined {
    return this.cache.peekList(listKey(params), params.q !== undefined);
  }

  /** One page of products and the total count of the listing (for callers that want objects, not bytes). */
  async list(params: ProductListParams): Promise<{ products: Product[]; total: number }> {
    const entry = await this.listPage(params);
    return { products: JSON.parse(entry.body.toString()) as Product[], total: entry.total };
  }

  /** How many products there are, in one category or in all; kept until a product is added, removed or moved. */
  count(categoryId?: string): Promise<number> {
    return this.cache.count(categoryId, () => this.repository.count(categoryId));
  }

  /**
   * The page of products a query string of `GET /products` asks for, read as that route reads it (the same parser
   * and the same cache): the server-rendered home page's grid. A query the route refuses throws its 400 error.
   */
  async listForQuery(query: Record<string, unknown>): Promise<{ products: Product[]; total: number; capped: boolean }> {
    const entry = await this.listPage(parseProductListQuery(query));
    return { products: JSON.parse(entry.body.toString()) as Product[], total: entry.total, capped: entry.capped ?? false };
  }

  /** One product with its gallery, as `get` answers it, or undefined when there is none with this id (or `id` is not an id at all). */
  async find(id: string): Promise<Product | undefined> {
    if (!isUuid(id)) return undefined;
    const [product, gallery] = await Promise.all([this.repository.find(id), this.photos.gallery(id)]);
    return product && { ...product, photos: galleryOf(product, gallery) };
  }

  /** Every product's id and last change, for the sitemap. */
  sitemapEntries(): Promise<Array<{ _id: string; updatedAt: string }>> {
    return this.repository.sitemapEntries();
  }

  /**
   * One product's answer (the product page's data: the product, its variants and gallery) as JSON bytes, from
   * memory or read once and kept until that product or the catalogue changes, or stock moves
   * (LIST_STOCK_REFRESH_MS, as the lists: docs/performance.md). `id` in lower case (the route's UuidParam).
   */
  async productEntry(id: string): Promise<ProductEntry> {
    const entry = await this.cache.product(id, async () => {
      const product = await this.find(id);
      return product && entryOf(product);
    });
    if (!entry) throw new NotFoundError('Product not found');
    return entry;
  }

  /** A product's answer if memory has it, without waiting for anything (the cached GET); undefined otherwise. */
  cachedProduct(id: string): ProductEntry | undefined {
    return this.cache.peekProduct(id);
  }

  /** One product, with its gallery (which lists leave out: their cards show the first photo). */
  async get(id: string): Promise<Product> {
    const [product, gallery] = await Promise.all([this.repository.find(id), this.photos.gallery(id)]);
    if (!product) throw new NotFoundError('Product not found');
    return { ...product, photos: galleryOf(product, gallery) };
  }

  /** The sales overview's product figures: the best sellers and the products running low. */
  async stockOverview(threshold: number): Promise<{
    bestSellers: Array<{ _id: string; name: string; sold: number }>;
    bestVariants: Array<{ _id: string; name: string; variant: number; sku: string; options: string; sold: number }>;
    lowStock: Array<{ _id: string; name: string; stock: number; variant: number; sku: string; options: string }>;
  }> {
    const [bestSellers, bestVariants, lowStock] = await Promise.all([
      this.repository.bestSellers(5),
      this.repository.bestVariants(5),
      this.repository.lowStock(threshold, 10),
    ]);
    return { bestSellers, bestVariants, lowStock };
  }

  /** Creates a product (and its photo, photo 1 of its gallery); the audit entry commits with it. Answers it as GET does. */
  async create(draft: ProductDraft, photo: Buffer | undefined, actor: AuditActor): Promise<Product> {
    await this.assertCategoryExists(draft.categoryId);
    const prepared = photo && (await this.photos.prepare(photo));
    return this.write(async () => {
      const id = await this.repository.insert(draft);
      await this.variants.replace(id, draft.variants ?? defaultVariants(draft.stock), skuPrefix(id));
      const product = (await this.repository.reread(id))!;
      if (prepared) await this.photos.save(product._id, prepared);
      await this.audit.record(actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: product._id,
        changes: { ...this.audit.changedFields(null, audited(product), AUDITED), ...(prepared ? PHOTO_CHANGE : {}) },
      });
      return { ...product, photos: galleryOf(product, await this.photos.gallery(product._id)) };
    });
  }

  /** Changes only the fields given, and replaces the first photo when one is given. Answers the product as GET does. */
  async update(id: string, changes: ProductChanges, photo: Buffer | undefined, actor: AuditActor): Promise<Product> {
    if (Object.keys(changes).length === 0 && !photo)
      throw new ValidationFailedError('Nothing to update: send at least one field or a photo');
    if (changes.categoryId !== undefined) await this.assertCategoryExists(changes.categoryId);
    const prepared = photo && (await this.photos.prepare(photo));
    let replaced: { previous: PhotoRecord | undefined; current: PhotoRecord } | undefined;
    const updated = await this.write(async () => {
      // Locked, so the audit's "before" is exactly what this update replaced (a checkout may change stock meanwhile).
      const old = await this.repository.findForUpdate(id);
      if (!old) throw new NotFoundError('Product not found');
      assertStockFitsVariants(old, changes);
      await this.repository.update(id, changes);
      if (changes.variants) await this.variants.replace(id, changes.variants, skuPrefix(id));
      else if (changes.stock !== undefined && !old.options?.length) await this.variants.setDefaultStock(id, changes.stock);
      const product = (await this.repository.reread(id))!;
      if (prepared) replaced = await this.photos.save(id, prepared);
      await this.audit.record(actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        changes: { ...this.audit.changedFields(audited(old), audited(product), AUDITED), ...(prepared ? PHOTO_CHANGE : {}) },
      });
      return { ...product, photos: galleryOf(product, await this.photos.gallery(id)) };
    }, id);
    if (replaced) this.photos.discard([replaced.previous]);
    return updated;
  }

  async remove(id: string, actor: AuditActor): Promise<DeletedResponse> {
    let photos: PhotoRecord[] = [];
    const deleted = await this.write(async () => {
      photos = await this.photos.records(id);
      const product = await this.repository.findForUpdate(id);
      if (product && (await this.repository.delete(id))) {
        await this.audit.record(actor, {
          action: 'product.delete',
          entityType: 'product',
          entityId: id,
          changes: this.audit.changedFields(audited(product), null, AUDITED),
        });
      }
      return product;
    }, id);
    if (!deleted) throw new NotFoundError('Product not found');
    this.photos.discard(photos);
    return { message: `Product "${deleted.name}" deleted`, _id: id };
  }

  private async assertCategoryExists(categoryId: string): Promise<void> {
    if (!(await this.categories.exists(categoryId))) throw categoryMissing();
  }

  /**
   * A transaction; a category deleted since it was checked still ends as a 400, not a 500. After the commit this
   * process drops what it cached at once (its NOTIFY reaches every replica, this one too, a moment later). A write
   * that failed changed nothing, so it drops nothing: during an object-store outage a refused photo replacement
   * must leave the product's cached photo served, not send its next read to the store that is down. (Were a
   * commit to fail after Postgres applied it, the trigger's NOTIFY still invalidates everywhere.)
   */
  private async write<T>(work: () => Promise<T>, productId?: string): Promise<T> {
    let result: T;
    try {
      result = await this.transactions.run(work);
    } catch (error) {
      if (isPgError(error, PgError.ForeignKeyViolation, 'products_category_id_fkey')) throw categoryMissing();
      if (isPgError(error, PgError.UniqueViolation, 'product_variants_sku_key')) {
        throw new ConflictError('A SKU of these variants belongs to another product; choose another', [
          { field: 'variants', message: 'a SKU is already used by another product' },
        ]);
      }
      throw error;
    }
    this.cache.invalidate();
    if (productId) this.photos.invalidate(productId);
    return result;
  }
}

/** A product's gallery on the wire: a photo stored without alt text is described by the product's name. */
export function galleryOf(product: Pick<Product, 'name'>, rows: GalleryRow[]): ProductPhoto[] {
  return rows.map((row) => ({ _id: row.id, alt: row.alt ?? defaultPhotoAlt(product.name), optionValue: row.optionValue }));
}

/** The response compression middleware's threshold (COMPRESSION_THRESHOLD): smaller pages go out as they are. */
const COMPRESS_MIN_BYTES = 1024;
/** A page as the cache keeps it: its JSON bytes, compressed once in each coding, its total and next cursor. */
function listEntry(page: ProductPage, total: number, capped = false): ListEntry {
  return { ...compressedOnce(Buffer.from(JSON.stringify(page.products))), total, capped, next: page.next && encodeCursor(page.next) };
}

/** A product's answer as the cache keeps it: its JSON bytes (what res.json() sent), compressed once, and their ETag. */
function entryOf(product: Product): ProductEntry {
  const body = Buffer.from(JSON.stringify(product));
  return { ...compressedOnce(body), etag: weakEtag(body) };
}

/** JSON bytes and, when the compression middleware would compress them, their gzip and brotli. */
function compressedOnce(body: Buffer): { body: Buffer; gzip: Buffer | undefined; br: Buffer | undefined } {
  // Once per entry and invalidation, so better levels than per-request compression can afford.
  const compress = body.length >= COMPRESS_MIN_BYTES;
  return {
    body,
    gzip: compress ? gzipSync(body, { level: 6 }) : undefined,
    br: compress ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : undefined,
  };
}

/** Brotli quality of a cached page: made once, so better than per-request q1, and still well under 1 ms for 100 products. */
const BROTLI_QUALITY = 5;

/**
 * The cache key of a listing: every parameter, normalized (the parser filled in every default). The search goes
 * last: it is the one part that may contain `|` (the cursor is base64url), so no two listings share a key.
 */
function listKey(params: ProductListParams): string {
  const after = params.after ? encodeCursor(params.after) : '';
  const variant = `${encodeURIComponent(params.colour ?? '')}|${encodeURIComponent(params.size ?? '')}`;
  return `${params.sortBy}|${params.order}|${params.categoryId ?? ''}|${params.limit}|${params.offset}|${after}|${variant}|${params.q ?? ''}`;
}

/**
 * A product with options has the sum of its active variants as its stock: a `stock` sent without variants must be
 * that sum (a client that sends the whole form back, as the spec's does, sends exactly that), since there is no
 * variant to put a difference in. Checked on the locked row, so against the stock as it is, not as it was read.
 */
function assertStockFitsVariants(current: Product, changes: ProductChanges): void {
  if (changes.variants !== undefined || changes.stock === undefined || !current.options?.length || changes.stock === current.stock) return;
  if (current.sizes?.length) {
    throw new ValidationFailedError(
      `The stock of a product sold in sizes is the sum of its sizes (${current.stock}); change the stock of its sizes instead`,
      [{ field: 'stock', message: `must be ${current.stock}, the sum of the sizes, or be left out` }],
    );
  }
  throw new ValidationFailedError(
    `The stock of a product with options is the sum of its variants (${current.stock}); change the stock of its variants instead`,
    [{ field: 'stock', message: `must be ${current.stock}, the sum of the variants, or be left out` }],
  );
}

function categoryMissing(): ValidationFailedError {
  return new ValidationFailedError('Category does not exist', [{ field: 'category', message: 'no category has this id' }]);
}
