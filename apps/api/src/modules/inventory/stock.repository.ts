import { Injectable } from '@nestjs/common';
import { Database, type StatementStep } from '../../database/transactions.js';

/**
 * A product's variant as a cart line is resolved against it, without its stock: what the process's copy of the
 * catalogue keeps (ProductChoicesCache), from which the quote and the reservation choose.
 */
export interface CatalogueVariant {
  id: number;
  productId: string;
  active: boolean;
  sku: string;
  /** Its values, in option order ('' options for a default variant). */
  values: string[];
  /** Its own price in cents, or null: the product's. */
  priceCents: number | null;
  /** Its own weight in grams, or null: the product's (shipping by weight). */
  weightGrams: number | null;
}

/** A product's variant as a checkout resolves a cart line against it (read before any lock). */
export interface VariantChoice extends CatalogueVariant {
  stock: number;
}

/** A product and its variants for resolving cart lines, without the stock figures (what a quote reads). */
export interface CatalogueChoices {
  name: string;
  /** The product's price in cents (a variant without its own). */
  priceCents: number;
  /** Its category and weight in grams (pricing's discount scope and shipping by weight). */
  categoryId: string | null;
  weightGrams: number | null;
  optionNames: string[];
  /** Every value of each option, in order (to tell whether `size` can name a variant). */
  optionValues: string[][];
  variants: CatalogueVariant[];
}

/** A product and its variants, for resolving cart lines and explaining refusals (with their stock). */
export interface ProductChoices extends CatalogueChoices {
  stock: number;
  variants: VariantChoice[];
}

/** How many of each variant of one product a stock move concerns (variant id to count). */
export type VariantCounts = ReadonlyMap<number, number>;

/**
 * The inventory's SQL: the stock moves of checkouts, payments, cancellations and refunds on `products` (the
 * total of the active variants' stock, and `sold`) and `product_variants` (each variant's stock and sold). Every
 * move locks the product row first, then its variants: the one lock order the admin's edit of a product follows
 * too (product row, then its variants), so no two transactions can wait on each other in a cycle. Every statement
 * of a move runs in the transaction in context; the checkout's (choices, take, addSold) are one prepared statement
 * each, whatever the cart holds. Caches hear of it from the tables' triggers.
 */
@Injectable()
export class StockRepository {
  constructor(private readonly db: Database) {}

  /**
   * The products named, with their options and variants, in ONE prepared statement (no lock: a cart line is checked
   * again under the lock). It fills the process's copy of the catalogue (ProductChoicesCache), from which the quote
   * and the reservation choose a line's variant, and explains a refused reservation (with the stock as it is).
   */
  async choices(productIds: string[]): Promise<Map<string, ProductChoices>> {
    const products = await this.db.preparedRows<{
      id: string;
      name: string;
      stock: number;
      price_cents: number;
      category_id: string | null;
      weight_grams: number | null;
      option_names: string[];
      option_values: string[][] | null;
      variants: Array<{
        id: number;
        active: boolean;
        stock: number;
        sku: string;
        values: string[];
        price_cents: number | null;
        weight_grams: number | null;
      }>;
    }>(
      'stock-choices',
      `SELECT p.id, p.name, p.stock, p.price_cents, p.category_id, p.weight_grams,
              coalesce((SELECT array_agg(o.name ORDER BY o.position) FROM product_options o WHERE o.product_id = p.id), '{}') AS option_names,
              (SELECT json_agg((SELECT coalesce(json_agg(v.value ORDER BY v.position), '[]') FROM product_option_values v WHERE v.option_id = o.id)
                 ORDER BY o.position)
               FROM product_options o WHERE o.product_id = p.id) AS option_values,
              (SELECT coalesce(json_agg(json_build_object('id', v.id, 'active', v.active, 'stock', v.stock, 'sku', v.sku,
                        'price_cents', v.price_cents, 'weight_grams', v.weight_grams, 'values', array_remove(ARRAY[v1.value, v2.value, v3.value], NULL))
                        ORDER BY v.position, v.id), '[]')
               FROM product_variants v
               LEFT JOIN product_option_values v1 ON v1.id = v.option1_value_id
               LEFT JOIN product_option_values v2 ON v2.id = v.option2_value_id
               LEFT JOIN product_option_values v3 ON v3.id = v.option3_value_id
               WHERE v.product_id = p.id) AS variants
       FROM products p WHERE p.id = ANY($1::uuid[])`,
      [productIds],
    );
    const result = new Map<string, ProductChoices>();
    for (const row of products) {
      result.set(row.id, {
        name: row.name,
        stock: row.stock,
        priceCents: row.price_cents,
        categoryId: row.category_id,
        weightGrams: row.weight_grams,
        optionNames: row.option_names,
        optionValues: row.option_values ?? [],
        variants: row.variants.map((variant) => ({
          id: variant.id,
          productId: row.id,
          active: variant.active,
          stock: variant.stock,
          sku: variant.sku,
          values: variant.values,
          priceCents: variant.price_cents,
          weightGrams: variant.weight_grams,
        })),
      });
    }
    return result;
  }

  /**
   * Takes a cart's counts out of stock in ONE prepared statement (the checkout's reservation holds these locks until
   * it commits, so each round trip counts), keeping the one lock order: `locked` takes the products' row locks in id
   * order (FOR UPDATE under ORDER BY), and its count is a one-time condition of the products' conditional UPDATE, so
   * every product row is locked before any is changed; the variants' conditional UPDATE reads the products' result
   * first, so each variant's row is locked under its product's (only active variants of that product with that many
   * left). Answers each product taken with its name and price as locked, and each variant taken with its own price
   * (null: the product's), its SKU and its values, as locked. A product or variant missing from the answer was
   * short, inactive or gone: the caller refuses the cart and rolls back. A concurrent checkout waits on the row locks, then re-checks every condition
   * on the rows as committed.
   */
  async take(counts: ReadonlyMap<string, VariantCounts>): Promise<{
    products: Map<string, { name: string; priceCents: number }>;
    variants: Map<number, { priceCents: number | null; sku: string; values: string[] }>;
  }> {
    const productIds = [...counts.keys()];
    const variants = [...counts].flatMap(([productId, byVariant]) => [...byVariant].map(([id, n]) => ({ productId, id, n })));
    const rows = await this.db.preparedRows<{
      kind: 'product' | 'variant';
      id: string;
      name: string | null;
      price_cents: number | null;
      sku: string | null;
      values: string[] | null;
    }>(
      'stock-take-labelled',
      `WITH locked AS (
         SELECT id FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE
       ), p AS (
         UPDATE products p SET stock = p.stock - x.n
           FROM unnest($1::uuid[], $2::int[]) AS x (id, n)
          WHERE (SELECT count(*) FROM locked) > 0 AND p.id = x.id AND p.stock >= x.n
         RETURNING p.id, p.name, p.price_cents
       ), v AS (
         UPDATE product_variants v SET stock = v.stock - x.n
           FROM unnest($3::int[], $4::uuid[], $5::int[]) AS x (id, product_id, n)
          WHERE (SELECT count(*) FROM p) > 0 AND v.id = x.id AND v.product_id = x.product_id AND v.active AND v.stock >= x.n
         RETURNING v.id, v.price_cents, v.sku, v.option1_value_id, v.option2_value_id, v.option3_value_id
       )
       SELECT 'product' AS kind, p.id::text AS id, p.name, p.price_cents, NULL AS sku, NULL::text[] AS values FROM p
       UNION ALL
       SELECT 'variant', v.id::text, NULL, v.price_cents, v.sku,
              array_remove(ARRAY[(SELECT value FROM product_option_values WHERE id = v.option1_value_id),
                                 (SELECT value FROM product_option_values WHERE id = v.option2_value_id),
                                 (SELECT value FROM product_option_values WHERE id = v.option3_value_id)], NULL)
       FROM v`,
      [
        productIds,
        productIds.map((id) => [...counts.get(id)!.values()].reduce((sum, n) => sum + n, 0)),
        variants.map((variant) => variant.id),
        variants.map((variant) => variant.productId),
        variants.map((variant) => variant.n),
      ],
    );
    const taken = {
      products: new Map<string, { name: string; priceCents: number }>(),
      variants: new Map<number, { priceCents: number | null; sku: string; values: string[] }>(),
    };
    for (const row of rows) {
      if (row.kind === 'product') taken.products.set(row.id, { name: row.name!, priceCents: row.price_cents! });
      else taken.variants.set(Number(row.id), { priceCents: row.price_cents, sku: row.sku!, values: row.values! });
    }
    return taken;
  }

  /**
   * Puts stock back (a payment failed, an order was cancelled, a line refunded) and, with `unsell`, takes it off
   * `sold`: the product row first (its total grows by what lands on its active variants; `sold` by all), then each
   * variant in id order. A variant deleted since is skipped; a deleted product too.
   */
  async putBack(productId: string, counts: VariantCounts, unsell: boolean): Promise<void> {
    const ids = [...counts.keys()].sort((a, b) => a - b);
    const ns = ids.map((id) => counts.get(id)!);
    const total = ns.reduce((sum, n) => sum + n, 0);
    await this.db.transactionRows(
      `UPDATE products SET stock = stock + (
         SELECT coalesce(sum(x.n), 0) FROM unnest($2::int[], $3::int[]) AS x (id, n)
         JOIN product_variants v ON v.id = x.id AND v.product_id = $1 AND v.active
       )${unsell ? ', sold = GREATEST(sold - $4, 0)' : ''}
       WHERE id = $1`,
      unsell ? [productId, ids, ns, total] : [productId, ids, ns],
    );
    for (const [index, id] of ids.entries()) {
      await this.db.transactionRows(
        `UPDATE product_variants SET stock = stock + $3${unsell ? ', sold = GREATEST(sold - $3, 0)' : ''} WHERE id = $1 AND product_id = $2`,
        [id, productId, ns[index]],
      );
    }
  }

  /**
   * Counts reserved stock as sold, every product of an order in ONE prepared statement, in the lock order of
   * {@link take}: the products' rows locked in id order first, then their `sold`, then their variants'. The same
   * SQL as {@link addSoldStep}, over the counts given.
   */
  async addSold(counts: ReadonlyMap<string, VariantCounts>): Promise<void> {
    const variants = [...counts].flatMap(([productId, byVariant]) => [...byVariant].map(([id, n]) => ({ productId, id, n })));
    const step = this.addSoldStep('sold_counts');
    await this.db.preparedRows(
      'stock-add-sold-counts',
      `WITH sold_counts AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[]) AS x (product_id, variant_id, n)
       ), ${step.sql(4)}
       SELECT count(*) FROM sold_variants`,
      [variants.map((variant) => variant.productId), variants.map((variant) => variant.id), variants.map((variant) => variant.n)],
    );
  }

  /**
   * {@link addSold} as a step of another statement (StatementStep): `sold` grows by the counts of the host's CTE
   * `lines` (product_id, variant_id, n; one row per variant, none when nothing was sold), in the same lock order:
   * every product row locked in id order first, then the products' `sold`, then the variants'.
   */
  addSoldStep(lines: string): StatementStep {
    return {
      name: 'sold',
      values: [],
      sql: () => `sold_locked AS (
         SELECT id FROM products WHERE id IN (SELECT product_id FROM ${lines}) ORDER BY id FOR UPDATE
       ), sold_products AS (
         UPDATE products p SET sold = p.sold + x.n
           FROM (SELECT product_id, sum(n)::int AS n FROM ${lines} GROUP BY product_id) AS x
          WHERE (SELECT count(*) FROM sold_locked) >= 0 AND p.id = x.product_id
         RETURNING p.id
       ), sold_variants AS (
         UPDATE product_variants v SET sold = v.sold + x.n
           FROM ${lines} AS x
          WHERE (SELECT count(*) FROM sold_products) >= 0 AND v.id = x.variant_id AND v.product_id = x.product_id
         RETURNING v.id
       )`,
    };
  }

  /** Takes items off `sold` without putting them back in stock (a written-off return): the product row, then its variants. */
  async unsell(productId: string, counts: VariantCounts): Promise<void> {
    const ids = [...counts.keys()].sort((a, b) => a - b);
    const total = ids.reduce((sum, id) => sum + counts.get(id)!, 0);
    await this.db.transactionRows('UPDATE products SET sold = GREATEST(sold - $2, 0) WHERE id = $1', [productId, total]);
    for (const id of ids) {
      await this.db.transactionRows('UPDATE product_variants SET sold = GREATEST(sold - $3, 0) WHERE id = $1 AND product_id = $2', [
        id,
        productId,
        counts.get(id),
      ]);
    }
  }
}
