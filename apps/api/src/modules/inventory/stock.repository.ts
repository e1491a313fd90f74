import { Injectable } from '@nestjs/common';
import { Database } from '../../database/transactions.js';

/** A product's variant as a checkout resolves a cart line against it (read before any lock). */
export interface VariantChoice {
  id: number;
  productId: string;
  active: boolean;
  stock: number;
  sku: string;
  /** Its values, in option order ('' options for a default variant). */
  values: string[];
  /** Its own price in cents, or null: the product's. */
  priceCents: number | null;
}

/** A product and its variants, for resolving cart lines and explaining refusals. */
export interface ProductChoices {
  name: string;
  stock: number;
  /** The product's price in cents (a variant without its own). */
  priceCents: number;
  /** Its category and weight in grams (pricing's discount scope and shipping by weight). */
  categoryId: string | null;
  weightGrams: number | null;
  optionNames: string[];
  /** Every value of each option, in order (to tell whether `size` can name a variant). */
  optionValues: string[][];
  variants: VariantChoice[];
}

/** How many of each variant of one product a stock move concerns (variant id to count). */
export type VariantCounts = ReadonlyMap<number, number>;

/**
 * The inventory's SQL: the stock moves of checkouts, payments, cancellations and refunds on `products` (the
 * total of the active variants' stock, and `sold`) and `product_variants` (each variant's stock and sold). Every
 * move locks the product row first, then its variants in id order: the one lock order the admin's edit of a
 * product follows too (product row, then its variants), so no two transactions can wait on each other in a cycle.
 * Every statement of a move runs in the transaction in context. Caches hear of it from the tables' triggers.
 */
@Injectable()
export class StockRepository {
  constructor(private readonly db: Database) {}

  /**
   * The products named, with their options and variants (no lock: a cart line is checked again under the lock), in
   * ONE statement: a quote's read of its products is this one (with the category and weight pricing needs).
   */
  async choices(productIds: string[]): Promise<Map<string, ProductChoices>> {
    const products = await this.db.rows<{
      id: string;
      name: string;
      stock: number;
      price_cents: number;
      category_id: string | null;
      weight_grams: number | null;
      option_names: string[];
      option_values: string[][] | null;
      variants: Array<Omit<VariantChoice, 'productId'>>;
    }>(
      `SELECT p.id, p.name, p.stock, p.price_cents, p.category_id, p.weight_grams,
              coalesce((SELECT array_agg(o.name ORDER BY o.position) FROM product_options o WHERE o.product_id = p.id), '{}') AS option_names,
              (SELECT json_agg((SELECT coalesce(json_agg(v.value ORDER BY v.position), '[]') FROM product_option_values v WHERE v.option_id = o.id)
                 ORDER BY o.position)
               FROM product_options o WHERE o.product_id = p.id) AS option_values,
              coalesce((SELECT json_agg(json_build_object('id', v.id, 'active', v.active, 'stock', v.stock, 'sku', v.sku,
                          'priceCents', v.price_cents, 'values', array_remove(ARRAY[v1.value, v2.value, v3.value], NULL))
                          ORDER BY v.position, v.id)
                        FROM product_variants v
                        LEFT JOIN product_option_values v1 ON v1.id = v.option1_value_id
                        LEFT JOIN product_option_values v2 ON v2.id = v.option2_value_id
                        LEFT JOIN product_option_values v3 ON v3.id = v.option3_value_id
                        WHERE v.product_id = p.id), '[]') AS variants
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
          priceCents: variant.priceCents,
        })),
      });
    }
    return result;
  }

  /**
   * Takes `total` out of a product's stock in ONE conditional UPDATE of its row (which locks it): the product's
   * name and price as locked, or undefined when it is gone or short.
   */
  async takeProduct(id: string, total: number): Promise<{ name: string; priceCents: number } | undefined> {
    const [row] = await this.db.transactionRows<{ name: string; price_cents: number }>(
      `UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING name, price_cents`,
      [id, total],
    );
    return row && { name: row.name, priceCents: row.price_cents };
  }

  /**
   * Takes `count` of one variant in ONE conditional UPDATE of its row: only from an active variant of that product
   * with that many left. Its own price (null: the product's), or undefined when it is short, inactive or gone. A
   * concurrent checkout waits on the row lock, then re-checks every condition on the row as committed.
   */
  async takeVariant(id: number, productId: string, count: number): Promise<{ priceCents: number | null } | undefined> {
    const [row] = await this.db.transactionRows<{ price_cents: number | null }>(
      `UPDATE product_variants SET stock = stock - $3 WHERE id = $1 AND product_id = $2 AND active AND stock >= $3 RETURNING price_cents`,
      [id, productId, count],
    );
    return row && { priceCents: row.price_cents };
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

  /** Counts reserved stock as sold: the product's `sold`, then each variant's, in id order. */
  async addSold(productId: string, counts: VariantCounts): Promise<void> {
    const ids = [...counts.keys()].sort((a, b) => a - b);
    const total = ids.reduce((sum, id) => sum + counts.get(id)!, 0);
    await this.db.transactionRows('UPDATE products SET sold = sold + $2 WHERE id = $1', [productId, total]);
    for (const id of ids) {
      await this.db.transactionRows('UPDATE product_variants SET sold = sold + $3 WHERE id = $1 AND product_id = $2', [
        id,
        productId,
        counts.get(id),
      ]);
    }
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
