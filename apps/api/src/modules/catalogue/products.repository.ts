import { Injectable } from '@nestjs/common';
import { fromCents, type Product, PRODUCT_SEARCH_COUNT_CAP, type ProductSortField } from '@store/contract';
import { DataSource } from 'typeorm';
import type { Cursor } from '../../common/pagination.js';
import { sizesOf } from '../../common/size-stock.js';
import { isoTimestampSql, pgPool } from '../../database/pg.js';
import { Database } from '../../database/transactions.js';
import type { ProductListParams } from './dto/product-list-query.js';
import type { ProductChanges, ProductDraft } from './product-form.js';
import { type ProductVariants, type VariantColumns, variantColumnsSql, variantsOf } from './product-variants.repository.js';

/**
 * THE column list: every product read selects it and every write returns it. Only what the wire shows, never a
 * photo. The timestamps are formatted by Postgres as toISOString() would (no Date parsed per row) under aliases
 * of their own: an ORDER BY `created_at` binds to an output column of that name first, and once bound to the
 * formatted text it sorted strings, by no index, in the wrong order within a millisecond.
 */
const PRODUCT_FIELDS = `id, name, description, price_cents, compare_at_cents, weight_grams, stock, sold, category_id`;
const PRODUCT_COLUMNS = `${PRODUCT_FIELDS}, ${isoTimestampSql('created_at')} AS created_iso, ${isoTimestampSql('updated_at')} AS updated_iso`;

/** A product read: its columns, and its options and variants as two more (one statement: {@link variantColumnsSql}). */
const PRODUCT_WITH_VARIANTS = `${PRODUCT_COLUMNS}, ${variantColumnsSql('products.id')}`;

/** A row of {@link PRODUCT_COLUMNS}, as pg returns it. */
interface ProductRow {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  compare_at_cents: number | null;
  weight_grams: number | null;
  stock: number;
  sold: number;
  category_id: string;
  created_iso: string;
  updated_iso: string;
}

/** A product row and its options and variants to the wire shape: dollars from cents, the category as its id. */
function toProduct(row: ProductRow & VariantColumns): Product {
  const variants: ProductVariants = variantsOf(row);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: fromCents(row.price_cents),
    stock: row.stock,
    sold: row.sold,
    category: row.category_id,
    createdAt: row.created_iso,
    updatedAt: row.updated_iso,
    sizes: sizesOf(variants.options, variants.variants),
    ...(row.compare_at_cents !== null ? { compareAtPrice: fromCents(row.compare_at_cents) } : {}),
    ...(row.weight_grams !== null ? { weight: row.weight_grams } : {}),
    options: variants.options,
    variants: variants.variants,
  };
}

/**
 * created_at to the microsecond (the wire's ISO form stops at the millisecond, where ties would be lost), in UTC
 * and a fixed format whatever the session's DateStyle or TimeZone: `2026-11-22 19:30:01.123456+00`.
 */
const CREATED_AT_KEY = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'`;

/**
 * Each sort: the real column (or expression) it orders by, exactly as its indexes have it (`(expr, id)` and
 * `(category_id, expr, id)`), the form of its value a cursor carries, and the SQL type to compare a cursor with.
 * created_at travels as text to the microsecond, in UTC, which casts back to the exact instant.
 */
const SORT: Record<ProductSortField, { expr: string; key: string; type: string }> = {
  name: { expr: 'lower(name)', key: 'lower(name)', type: 'text' },
  price: { expr: 'price_cents', key: 'price_cents', type: 'integer' },
  createdAt: { expr: 'created_at', key: CREATED_AT_KEY, type: 'timestamptz' },
  sold: { expr: 'sold', key: 'sold', type: 'integer' },
};

/** The stored column of each field of the row (the variants are rows of their own; `stock` follows them). */
const COLUMN: Partial<Record<keyof ProductDraft, string>> = {
  name: 'name',
  description: 'description',
  priceCents: 'price_cents',
  categoryId: 'category_id',
  compareAtCents: 'compare_at_cents',
  weightGrams: 'weight_grams',
};

/** A variant's values by name, in option order (`v` the variant): `Blue / M`, '' for a default variant. */
const VARIANT_VALUES_JOIN = `LEFT JOIN product_option_values v1 ON v1.id = v.option1_value_id
  LEFT JOIN product_option_values v2 ON v2.id = v.option2_value_id LEFT JOIN product_option_values v3 ON v3.id = v.option3_value_id`;
const VARIANT_LABEL_SQL = `concat_ws(' / ', v1.value, v2.value, v3.value)`;

/**
 * What a search reads: name and description, lowered and unaccented, stored in the generated column the trigram
 * index `products_search_idx` is on (migration ProductSearchColumn), so rechecking a candidate row is a plain
 * LIKE on stored text, not `unaccent` of the whole text again per row and per word.
 */
const SEARCH_DOCUMENT = 'search_text';

/**
 * A search's total is counted up to this many matches and no further: counting every match of a common word
 * reads every matching row, on each distinct search. Past it, the total is this with X-Total-Count-Capped.
 */
export const SEARCH_COUNT_CAP = PRODUCT_SEARCH_COUNT_CAP;

/** A listing's filters: the category, the search, a colour and a size in stock. */
export interface ListFilter {
  categoryId: string | undefined;
  q: string | undefined;
  colour?: string;
  size?: string;
}

/**
 * The conditions of a listing's filters, their values appended to `values`: the category, and one
 * `LIKE '%word%'` per word of the search (each word must appear). The pattern goes through the same function as
 * the stored text; LIKE's own wildcards and escape in a word are escaped, so they match themselves.
 */
function filterSql(filter: ListFilter, values: unknown[]): string[] {
  const where: string[] = [];
  if (filter.categoryId !== undefined) where.push(`category_id = $${values.push(filter.categoryId)}`);
  // In stock in a colour and/or size: one active variant with stock that has each value asked (by its option's name).
  const wanted: string[] = [];
  for (const [names, value] of [
    [`'colour', 'color'`, filter.colour],
    [`'size'`, filter.size],
  ] as const) {
    if (value === undefined) continue;
    wanted.push(`EXISTS (SELECT 1 FROM product_option_values ov JOIN product_options o ON o.id = ov.option_id
      WHERE ov.id IN (v.option1_value_id, v.option2_value_id, v.option3_value_id) AND lower(o.name) IN (${names})
        AND lower(ov.value) = $${values.push(value)})`);
  }
  if (wanted.length > 0) {
    where.push(
      `EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = products.id AND v.active AND v.stock > 0 AND ${wanted.join(' AND ')})`,
    );
  }
  for (const word of filter.q?.split(' ') ?? []) {
    where.push(`${SEARCH_DOCUMENT} LIKE product_search_text($${values.push(`%${word.replace(/[\\%_]/g, '\\$&')}%`)})`);
  }
  return where;
}

/**
 * The statement of one page of a listing (exported for the EXPLAIN test, which checks every sort, order, filter
 * and paging mode walks an index: no Sort node, no Seq Scan; a search, the trigram index), each product with its
 * options and variants. The page is chosen inside (its index walk, LIMIT and OFFSET) and the variants read outside,
 * for its rows alone: rows skipped by an OFFSET never read theirs. The outer ORDER BY names the inner one's key,
 * which Postgres knows its rows already have (no Sort). The total is not part of it unless `counted` (a search's:
 * one round trip for page and count on its one connection, docs/api.md, Search); a listing's is counted apart and
 * cached, where a count per request would read the whole index every time.
 */
export function productPageSql(params: ProductListParams, { counted = false } = {}): { text: string; values: unknown[] } {
  const sort = SORT[params.sortBy];
  const direction = params.order === 'desc' ? 'DESC' : 'ASC';
  const values: unknown[] = [params.limit, params.offset];
  const where = filterSql(params, values);
  if (params.after) {
    const key = `$${values.push(params.after.key[0])}::${sort.type}`;
    const id = `$${values.push(params.after.id)}::uuid`;
    where.push(`(${sort.expr}, id) ${params.order === 'desc' ? '<' : '>'} (${key}, ${id})`);
  }
  const page = `SELECT ${PRODUCT_COLUMNS}, ${sort.key} AS sort_key, ${sort.expr} AS sort_value FROM products
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${sort.expr} ${direction}, id ${direction}
    LIMIT $1 OFFSET $2`;
  const outputs = `${PRODUCT_FIELDS}, created_iso, updated_iso, sort_key`.replace(/(\w+)/g, 'page.$1');
  const total = counted ? `, (${productCountSql(params, values).text}) AS total` : '';
  const text = `SELECT ${outputs}, ${variantColumnsSql('page.id')}${total} FROM (${page}) page
    ORDER BY page.sort_value ${direction}, page.id ${direction}`;
  return { text, values };
}

/**
 * The statement counting a listing's products (exported for the EXPLAIN test: a search's count reads an index,
 * never the whole table), its parameters appended to `values` (a statement's of its own, or the page's it rides in).
 * A search's count stops at one past SEARCH_COUNT_CAP, taken in the newest-first order of
 * the listing's own index: Postgres then either walks that index and stops at the cap (common words: a few hundred
 * rows checked) or, for rare words, reads the trigram index; building the trigram bitmap of every match of common
 * words first cost about four times the page (docs/api.md, Search).
 */
export function productCountSql(filter: ListFilter, values: unknown[] = []): { text: string; values: unknown[] } {
  const where = filterSql(filter, values);
  const matching = `FROM products ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`;
  if (filter.q === undefined) return { text: `SELECT count(*)::int AS total ${matching}`, values };
  return {
    text: `SELECT count(*)::int AS total FROM (SELECT 1 ${matching} ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_COUNT_CAP + 1}) matches`,
    values,
  };
}

/** A row of {@link productPageSql}: a product with its options and variants, and its value of the sort's key. */
type PageRow = ProductRow & VariantColumns & { sort_key: string | number };

/** A page's rows to the page: the products, and the cursor after the last row of a full page. */
function pageOf(params: ProductListParams, rows: PageRow[]): ProductPage {
  const last = rows.at(-1);
  return {
    products: rows.map(toProduct),
    next: last && rows.length === params.limit ? { key: [last.sort_key], id: last.id } : undefined,
  };
}

/** One page of a listing: the products and the cursor of the row after the last (undefined on a short page). */
export interface ProductPage {
  products: Product[];
  next: Cursor | undefined;
}

/**
 * The catalogue's SQL on the `products` table: listing, counting, reading and the admin's writes (the stock moves
 * of checkouts are the inventory's, in its own repository). Reads go straight to the pg pool (see
 * {@link pgPool}); writes run in the transaction in context. Invalidation of the API's caches needs nothing here:
 * triggers on the table (migration CatalogueSpeed) NOTIFY every replica, in the writing transaction, at commit.
 */
@Injectable()
export class ProductsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly db: Database,
  ) {}

  /**
   * One page of a listing along the sort's index: `WHERE (expr, id) > cursor` for keyset paging, else OFFSET.
   * One row more than the page is never fetched: a full page gets a next cursor, and the page after the last
   * full one is simply empty.
   */
  async page(params: ProductListParams): Promise<ProductPage> {
    const { text, values } = productPageSql(params);
    return pageOf(params, await this.db.rows<PageRow>(text, values));
  }

  /**
   * A page of a search and its total (up to one past SEARCH_COUNT_CAP) in one statement, in the transaction in
   * context (a search's, with its shorter statement timeout). A page past the last has no row to carry the total:
   * then it is counted apart (an empty first page has none to count).
   */
  async searchPage(params: ProductListParams): Promise<{ page: ProductPage; counted: number }> {
    const { text, values } = productPageSql(params, { counted: true });
    const rows = await this.db.rows<PageRow & { total: number }>(text, values);
    const firstPage = params.offset === 0 && params.after === undefined;
    const counted =
      rows[0]?.total ?? (firstPage ? 0 : await this.count(params.categoryId, params.q, { colour: params.colour, size: params.size }));
    return { page: pageOf(params, rows), counted };
  }

  /**
   * How many products there are, in one category or in all, matching a search or not (callers cache it: it reads
   * the whole index, or the matches of a search, up to one past SEARCH_COUNT_CAP).
   */
  async count(categoryId: string | undefined, q?: string, variant: { colour?: string; size?: string } = {}): Promise<number> {
    const { text, values } = productCountSql({ categoryId, q, ...variant });
    const [row] = await this.db.rows<{ total: number }>(text, values);
    return row.total;
  }

  /** The products sold most (all time, `sold`), for the sales overview; along the sold index. */
  async bestSellers(limit: number): Promise<Array<{ _id: string; name: string; sold: number }>> {
    const { rows } = await pgPool(this.dataSource).query<{ _id: string; name: string; sold: number }>(
      `SELECT id AS "_id", name, sold FROM products WHERE sold > 0 ORDER BY sold DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows;
  }

  /** The variants sold most (all time), each with its product, for the sales overview; along the variants' sold index. */
  async bestVariants(
    limit: number,
  ): Promise<Array<{ _id: string; name: string; variant: number; sku: string; options: string; sold: number }>> {
    const { rows } = await pgPool(this.dataSource).query<{
      _id: string;
      name: string;
      variant: number;
      sku: string;
      options: string;
      sold: number;
    }>(
      `SELECT p.id AS "_id", p.name, v.id AS variant, v.sku, ${VARIANT_LABEL_SQL} AS options, v.sold
       FROM product_variants v JOIN products p ON p.id = v.product_id ${VARIANT_VALUES_JOIN}
       WHERE v.sold > 0 ORDER BY v.sold DESC, v.id DESC LIMIT $1`,
      [limit],
    );
    return rows;
  }

  /** Active variants at or below `threshold` in stock, fewest first, each with its product, for the sales overview. */
  async lowStock(
    threshold: number,
    limit: number,
  ): Promise<Array<{ _id: string; name: string; stock: number; variant: number; sku: string; options: string }>> {
    const { rows } = await pgPool(this.dataSource).query<{
      _id: string;
      name: string;
      stock: number;
      variant: number;
      sku: string;
      options: string;
    }>(
      `SELECT p.id AS "_id", p.name, v.stock, v.id AS variant, v.sku, ${VARIANT_LABEL_SQL} AS options
       FROM product_variants v JOIN products p ON p.id = v.product_id ${VARIANT_VALUES_JOIN}
       WHERE v.active AND v.stock <= $1 ORDER BY v.stock, v.id LIMIT $2`,
      [threshold, limit],
    );
    return rows;
  }

  async find(id: string): Promise<Product | undefined> {
    const [row] = await this.db.rows<ProductRow & VariantColumns>(`SELECT ${PRODUCT_WITH_VARIANTS} FROM products WHERE id = $1`, [id]);
    return row && toProduct(row);
  }

  /** Every product's id and last change, oldest first: the sitemap's list (one narrow index-friendly scan). */
  async sitemapEntries(): Promise<Array<{ _id: string; updatedAt: string }>> {
    const { rows } = await pgPool(this.dataSource).query<{ id: string; updated_iso: string }>(
      `SELECT id, ${isoTimestampSql('updated_at')} AS updated_iso FROM products ORDER BY created_at, id`,
    );
    return rows.map((row) => ({ _id: row.id, updatedAt: row.updated_iso }));
  }

  /** The products with these ids, with their variants, by id (the catalogue import and export, a batch at a time). */
  async findMany(ids: string[]): Promise<Map<string, Product>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.rows<ProductRow & VariantColumns>(
      `SELECT ${PRODUCT_WITH_VARIANTS} FROM products WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, toProduct(row)]));
  }

  /** Inserts the product row (its stock as given: the caller writes its variants next, which sets it again). */
  async insert(draft: ProductDraft): Promise<string> {
    const [row] = await this.db.transactionRows<{ id: string }>(
      `INSERT INTO products (name, description, price_cents, compare_at_cents, stock, category_id, weight_grams) VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id`,
      [
        draft.name,
        draft.description,
        draft.priceCents,
        draft.compareAtCents ?? null,
        draft.stock,
        draft.categoryId,
        draft.weightGrams ?? null,
      ],
    );
    return row.id;
  }

  /** Changes the given fields of the row (and updatedAt); false when there is no such product. */
  async update(id: string, changes: ProductChanges): Promise<boolean> {
    const fields = (Object.keys(changes) as (keyof ProductDraft)[]).filter((field) => COLUMN[field] !== undefined);
    const assignments = fields.map((field, index) => `${COLUMN[field]} = $${index + 2}`);
    const rows = await this.db.transactionRows<{ id: string }>(
      `UPDATE products SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING id`,
      [id, ...fields.map((field) => changes[field])],
    );
    return rows.length > 0;
  }

  /** The product as it is now in the transaction (after a write), with its variants. */
  async reread(id: string): Promise<Product | undefined> {
    const [row] = await this.db.transactionRows<ProductRow & VariantColumns>(
      `SELECT ${PRODUCT_WITH_VARIANTS} FROM products WHERE id = $1`,
      [id],
    );
    return row && toProduct(row);
  }

  /**
   * The product, its row locked until the transaction ends (so a change's "before" is exactly what it replaces,
   * and no checkout moves its variants' stock meanwhile: every stock move locks the product row first).
   */
  async findForUpdate(id: string): Promise<Product | undefined> {
    const [row] = await this.db.transactionRows<ProductRow & VariantColumns>(
      `SELECT ${PRODUCT_WITH_VARIANTS} FROM products WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row && toProduct(row);
  }

  /** Deletes the product (its photo, options and variants go with it: ON DELETE CASCADE); false when there was none. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.transactionRows<{ id: string }>(`DELETE FROM products WHERE id = $1 RETURNING id`, [id]);
    return rows.length > 0;
  }
}
