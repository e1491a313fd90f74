import type { Product } from '@store/contract';

/**
 * The columns every product read selects (and every write returns): only what the wire shows, never a photo,
 * with the timestamps formatted by Postgres as JavaScript's toISOString() would, so no Date is parsed per row.
 */
export const PRODUCT_COLUMNS = `id, name, description, price_cents, stock, sold, category_id,
  ${isoTimestampSql('created_at')} AS created_at, ${isoTimestampSql('updated_at')} AS updated_at`;

/** SQL formatting a timestamptz column exactly as the wire shows it (`2026-11-21T09:25:45.760Z`). */
export function isoTimestampSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A row of {@link PRODUCT_COLUMNS}, as pg returns it. */
export interface ProductRow {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  stock: number;
  sold: number;
  category_id: string;
  created_at: string;
  updated_at: string;
}

/** A product row to its wire shape: dollars from cents, the category as its id. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    stock: row.stock,
    sold: row.sold,
    category: row.category_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
