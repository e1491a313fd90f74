import { Injectable } from '@nestjs/common';
import type { SizeStock } from '@store/contract';
import { sizesOf } from '../../common/size-stock.js';
import { Database } from '../../database/transactions.js';

/**
 * How many of a product a stock move concerns, per size: `''` is the count without a size (a product sold without
 * sizes), any other key a size. Keys are sizes checked against PRODUCT_SIZES before they get here.
 */
export type SizeCounts = ReadonlyMap<string, number>;

/** A product row as the checkout reserved it. */
export interface ReservedRow {
  name: string;
  priceCents: number;
}

/**
 * The inventory's SQL on the `products` table: the stock moves of checkouts, payments, cancellations and refunds
 * (stock, per-size stock and `sold`). Every statement runs in the transaction in context: a move means nothing
 * outside the order it belongs to. Invalidation of the API's caches needs nothing here: triggers on the table
 * (migration CatalogueSpeed) NOTIFY every replica, in the writing transaction, at commit.
 */
@Injectable()
export class StockRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes `counts` out of a product's stock, in ONE conditional UPDATE of its row: without a size (`''`) only from
   * a product sold without sizes, each size only from a product offering it with that many left, and the total from
   * `stock`. The row as locked, or undefined when it is short, gone, or sold otherwise (sizes or not). Under the
   * row lock the update takes, a concurrent checkout waits, then re-checks every condition on the new row itself;
   * and as the conditions are plain expressions of the row, the recheck sees exactly what the first one committed.
   */
  async takeStock(id: string, counts: SizeCounts): Promise<ReservedRow | undefined> {
    const total = sum(counts);
    const values: unknown[] = [id, total];
    const sized = [...counts].filter(([size]) => size !== '');
    let sql: string;
    if (sized.length === 0) {
      sql = `UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 AND size_stock = '{}'::jsonb RETURNING name, price_cents`;
    } else {
      const conditions: string[] = [];
      const assignments: string[] = [];
      for (const [size, count] of sized) {
        const key = `$${values.push(size)}::text`;
        const n = `$${values.push(count)}::int`;
        conditions.push(`(size_stock ->> ${key})::int >= ${n}`);
        assignments.push(`${key}, (size_stock ->> ${key})::int - ${n}`);
      }
      sql = `UPDATE products SET stock = stock - $2, size_stock = size_stock || jsonb_build_object(${assignments.join(', ')})
        WHERE id = $1 AND stock >= $2 AND ${conditions.join(' AND ')} RETURNING name, price_cents`;
    }
    const [row] = await this.db.transactionRows<{ name: string; price_cents: number }>(sql, values);
    return row && { name: row.name, priceCents: row.price_cents };
  }

  /** A product's name, stock and sizes (to explain a refused reservation), or undefined when it is gone. */
  async stockOf(id: string): Promise<{ name: string; stock: number; sizes: SizeStock[] } | undefined> {
    const [row] = await this.db.transactionRows<{ name: string; stock: number; size_stock: Record<string, number> }>(
      'SELECT name, stock, size_stock FROM products WHERE id = $1',
      [id],
    );
    return row && { name: row.name, stock: row.stock, sizes: sizesOf(row.size_stock) };
  }

  /** Puts reserved stock back (see {@link returnStockSql}). A deleted product is skipped. */
  async returnStock(id: string, counts: SizeCounts): Promise<void> {
    const values: unknown[] = [id];
    await this.db.transactionRows(`UPDATE products SET ${returnStockSql(counts, values)} WHERE id = $1`, values);
  }

  /** Counts reserved stock as sold (per product, whatever the sizes). */
  async addSold(id: string, count: number): Promise<void> {
    await this.db.transactionRows('UPDATE products SET sold = sold + $2 WHERE id = $1', [id, count]);
  }

  /** Returns sold items to stock (a cancelled order or a refunded line), as {@link returnStock} does, and unsells them. */
  async unsell(id: string, counts: SizeCounts): Promise<void> {
    const values: unknown[] = [id, sum(counts)];
    await this.db.transactionRows(
      `UPDATE products SET ${returnStockSql(counts, values)}, sold = GREATEST(sold - $2, 0) WHERE id = $1`,
      values,
    );
  }
}

function sum(counts: SizeCounts): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

/**
 * The SET clause that returns `counts` to a product's stock, its values appended to `values`. Each size goes back
 * to that size while the product still offers it. The product may have changed since the order: a size the admin
 * has since dropped is not brought back (it is no longer sold; so it does not count in `stock`, the sum of the
 * sizes, either), and neither is a count without a size into a product now sold in sizes (which size would it
 * be?); a product no longer sold in sizes takes every count back into its plain `stock`.
 */
function returnStockSql(counts: SizeCounts, values: unknown[]): string {
  const unsized = counts.get('') ?? 0;
  const sized = [...counts].filter(([size]) => size !== '');
  const sizedTotal = sized.reduce((total, [, count]) => total + count, 0);
  const pairs: string[] = [];
  const landed: string[] = [];
  for (const [size, count] of sized) {
    const key = `$${values.push(size)}::text`;
    const n = `$${values.push(count)}::int`;
    // A size not offered reads NULL, and NULL + n is NULL: jsonb_strip_nulls drops it rather than add the size.
    pairs.push(`${key}, (size_stock ->> ${key})::int + ${n}`);
    landed.push(`CASE WHEN size_stock ->> ${key} IS NULL THEN 0 ELSE ${n} END`);
  }
  const all = `$${values.push(unsized + sizedTotal)}::int`;
  if (sized.length === 0) return `stock = stock + CASE WHEN size_stock = '{}'::jsonb THEN ${all} ELSE 0 END`;
  return `stock = stock + CASE WHEN size_stock = '{}'::jsonb THEN ${all} ELSE ${landed.join(' + ')} END,
    size_stock = size_stock || jsonb_strip_nulls(jsonb_build_object(${pairs.join(', ')}))`;
}
