import { Injectable } from '@nestjs/common';
import { fromCents, type ProductOption, type ProductVariant } from '@store/contract';
import { Database } from '../../database/transactions.js';
import type { VariantsDraft } from './product-form.js';

/** What a product's options and variants are, as the wire has them. */
export interface ProductVariants {
  options: ProductOption[];
  variants: ProductVariant[];
}

/** A product's option as {@link variantColumnsSql} reads it. */
interface OptionJson {
  _id: number;
  name: string;
  values: Array<{ _id: number; value: string; swatch: string | null }>;
}

/** A variant as {@link variantColumnsSql} reads it (its table's columns, JSON numbers for the integers). */
interface VariantRow {
  id: number;
  sku: string;
  stock: number;
  sold: number;
  price_cents: number | null;
  compare_at_cents: number | null;
  weight_grams: number | null;
  active: boolean;
  option1_value_id: number | null;
  option2_value_id: number | null;
  option3_value_id: number | null;
}

/** The two columns {@link variantColumnsSql} adds to a product's row, as pg returns them (json, parsed). */
export interface VariantColumns {
  options: OptionJson[];
  variants: VariantRow[];
}

/**
 * A product's options (with their values) and its variants as two JSON columns, `options` and `variants`, of a
 * statement reading products: `productId` is that statement's expression for the product's id. A page of products
 * with their options and variants is then one statement, one round trip (three before, two of them one after the
 * other inside a search's transaction: docs/performance.md, "Search in the mix"). Read back by {@link variantsOf}.
 */
export function variantColumnsSql(productId: string): string {
  return `(SELECT coalesce(json_agg(json_build_object('_id', o.id, 'name', o.name, 'values',
      (SELECT coalesce(json_agg(json_build_object('_id', ov.id, 'value', ov.value, 'swatch', ov.swatch_hex) ORDER BY ov.position), '[]')
       FROM product_option_values ov WHERE ov.option_id = o.id)) ORDER BY o.position), '[]')
     FROM product_options o WHERE o.product_id = ${productId}) AS options,
    (SELECT coalesce(json_agg(v ORDER BY v.position, v.id), '[]') FROM (SELECT position, id, sku, stock, sold, price_cents,
      compare_at_cents, weight_grams, active, option1_value_id, option2_value_id, option3_value_id
      FROM product_variants WHERE product_id = ${productId}) v) AS variants`;
}

/** The options and variants of {@link variantColumnsSql}'s columns, as the wire has them. */
export function variantsOf(row: VariantColumns): ProductVariants {
  const valueNames = new Map<number, string>();
  const options = row.options.map((option) => ({
    _id: option._id,
    name: option.name,
    values: option.values.map((v) => {
      valueNames.set(v._id, v.value);
      return v.swatch ? { _id: v._id, value: v.value, swatch: v.swatch } : { _id: v._id, value: v.value };
    }),
  }));
  return { options, variants: row.variants.map((variant) => toVariant(variant, valueNames)) };
}

/**
 * The catalogue's SQL on `product_options`, `product_option_values` and `product_variants`: the options and
 * variants of products, as columns of the statement reading them ({@link variantColumnsSql}), and the admin's
 * replacement of a product's options and variants, run under the product's row lock (the catalogue locks it
 * first, as every stock move does: docs/architecture.md, "Stock reservation").
 */
@Injectable()
export class ProductVariantsRepository {
  constructor(private readonly db: Database) {}

  /** The options and variants of one product, in the transaction in context (under its row lock). */
  async forProduct(productId: string): Promise<ProductVariants> {
    const [row] = await this.db.transactionRows<VariantColumns>(`SELECT ${variantColumnsSql('$1::uuid')}`, [productId]);
    return variantsOf(row);
  }

  /**
   * Makes a product's options and variants what `draft` says, keeping the id of every option, value and variant
   * that stays (matched by name, value, and a variant by its values per option name, so reordering keeps them):
   * carts and order lines name variants by id. A variant whose price or weight is not sent keeps its own. Unique
   * keys are checked at the end (they are DEFERRABLE, so a reorder may pass through a moment of two rows in one
   * place).
   * Then `products.stock` becomes the sum of the active variants' stock. The product row must be locked already.
   */
  async replace(productId: string, draft: VariantsDraft, skuPrefix: string): Promise<void> {
    const current = await this.forProduct(productId);
    const optionIds: number[] = [];
    const valueIds: Array<Map<string, number>> = [];
    const keptValues = new Set<number>();
    const keptOptions = new Set<number>();
    for (const [position, option] of draft.options.entries()) {
      const existing = current.options.find((o) => o.name.toLowerCase() === option.name.toLowerCase());
      let optionId: number;
      if (existing) {
        optionId = existing._id;
        await this.db.transactionRows(`UPDATE product_options SET name = $2, position = $3 WHERE id = $1`, [
          optionId,
          option.name,
          position,
        ]);
      } else {
        [{ id: optionId }] = await this.db.transactionRows<{ id: number }>(
          `INSERT INTO product_options (product_id, name, position) VALUES ($1, $2, $3) RETURNING id`,
          [productId, option.name, position],
        );
      }
      keptOptions.add(optionId);
      optionIds.push(optionId);
      const ids = new Map<string, number>();
      for (const [valuePosition, value] of option.values.entries()) {
        const had = existing?.values.find((v) => v.value.toLowerCase() === value.value.toLowerCase());
        let valueId: number;
        if (had) {
          valueId = had._id;
          await this.db.transactionRows(`UPDATE product_option_values SET value = $2, position = $3, swatch_hex = $4 WHERE id = $1`, [
            valueId,
            value.value,
            valuePosition,
            value.swatch ?? null,
          ]);
        } else {
          [{ id: valueId }] = await this.db.transactionRows<{ id: number }>(
            `INSERT INTO product_option_values (option_id, value, position, swatch_hex) VALUES ($1, $2, $3, $4) RETURNING id`,
            [optionId, value.value, valuePosition, value.swatch ?? null],
          );
        }
        keptValues.add(valueId);
        ids.set(value.value.toLowerCase(), valueId);
      }
      valueIds.push(ids);
    }

    const keyOf = (names: string[], values: string[]) =>
      names
        .map((name, index) => `${name.toLowerCase()}=${values[index].toLowerCase()}`)
        .sort()
        .join('\u0000');
    const currentNames = current.options.map((o) => o.name);
    const byKey = new Map(current.variants.map((variant) => [keyOf(currentNames, variant.options), variant]));
    const draftNames = draft.options.map((o) => o.name);
    const kept = new Set<number>();
    const plans: Array<{ id?: number; values: (number | null)[]; variant: VariantsDraft['variants'][number]; position: number }> = [];
    for (const [position, variant] of draft.variants.entries()) {
      const values = [0, 1, 2].map((index) =>
        index < variant.options.length ? valueIds[index].get(variant.options[index].toLowerCase())! : null,
      );
      const existing = byKey.get(keyOf(draftNames, variant.options));
      if (existing) kept.add(existing._id);
      plans.push({ id: existing?._id, values, variant, position });
    }
    const removed = current.variants.filter((variant) => !kept.has(variant._id)).map((variant) => variant._id);
    if (removed.length > 0) {
      await this.db.transactionRows(`DELETE FROM product_variants WHERE id = ANY($1::int[]) AND product_id = $2`, [removed, productId]);
    }
    for (const { id, values, variant, position } of plans) {
      const price = variant.priceCents === undefined ? (id === undefined ? null : undefined) : variant.priceCents;
      const compareAt = variant.compareAtCents === undefined ? (id === undefined ? null : undefined) : variant.compareAtCents;
      const weight = variant.weightGrams === undefined ? (id === undefined ? null : undefined) : variant.weightGrams;
      if (id !== undefined) {
        await this.db.transactionRows(
          `UPDATE product_variants SET option1_value_id = $2, option2_value_id = $3, option3_value_id = $4, stock = $5, active = $6,
             position = $7, sku = coalesce($8, sku),
             price_cents = CASE WHEN $9::boolean THEN $10::int ELSE price_cents END,
             compare_at_cents = CASE WHEN $11::boolean THEN $12::int ELSE compare_at_cents END,
             weight_grams = CASE WHEN $13::boolean THEN $14::int ELSE weight_grams END
           WHERE id = $1`,
          [
            id,
            ...values,
            variant.stock,
            variant.active,
            position,
            variant.sku ?? null,
            price !== undefined,
            price ?? null,
            compareAt !== undefined,
            compareAt ?? null,
            weight !== undefined,
            weight ?? null,
          ],
        );
      } else {
        await this.db.transactionRows(
          `INSERT INTO product_variants (product_id, option1_value_id, option2_value_id, option3_value_id, stock, active, position, sku,
             price_cents, compare_at_cents, weight_grams)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            productId,
            ...values,
            variant.stock,
            variant.active,
            position,
            variant.sku ?? generatedSku(skuPrefix, variant.options),
            price,
            compareAt,
            weight,
          ],
        );
      }
    }
    const goneValues = current.options.flatMap((o) => o.values.map((v) => v._id)).filter((id) => !keptValues.has(id));
    if (goneValues.length > 0) await this.db.transactionRows(`DELETE FROM product_option_values WHERE id = ANY($1::int[])`, [goneValues]);
    const goneOptions = current.options.map((o) => o._id).filter((id) => !keptOptions.has(id));
    if (goneOptions.length > 0) await this.db.transactionRows(`DELETE FROM product_options WHERE id = ANY($1::int[])`, [goneOptions]);
    // The deferred keys, checked now: a SKU another product has fails here, as a 409, not at the commit.
    await this.db.transactionRows(`SET CONSTRAINTS ALL IMMEDIATE`, []);
    await this.refreshStock(productId);
  }

  /** Sets the stock of a product's only variant (a product without options: its stock is the variant's). */
  async setDefaultStock(productId: string, stock: number): Promise<void> {
    await this.db.transactionRows(`UPDATE product_variants SET stock = $2 WHERE product_id = $1`, [productId, stock]);
    await this.refreshStock(productId);
  }

  /** `products.stock` as the sum of the product's active variants' stock (the row is locked by the caller). */
  private async refreshStock(productId: string): Promise<void> {
    await this.db.transactionRows(
      `UPDATE products SET stock = (SELECT coalesce(sum(stock), 0) FROM product_variants WHERE product_id = $1 AND active) WHERE id = $1`,
      [productId],
    );
  }
}

/**
 * A variant row as the wire has it: its values by name in option order, its own prices in dollars and weight in
 * grams when it has them.
 */
function toVariant(row: VariantRow, valueNames: Map<number, string>): ProductVariant {
  const options = [row.option1_value_id, row.option2_value_id, row.option3_value_id]
    .filter((id): id is number => id !== null)
    .map((id) => valueNames.get(id) ?? '');
  return {
    _id: row.id,
    sku: row.sku,
    options,
    stock: row.stock,
    sold: row.sold,
    ...(row.price_cents !== null ? { price: fromCents(row.price_cents) } : {}),
    ...(row.compare_at_cents !== null ? { compareAtPrice: fromCents(row.compare_at_cents) } : {}),
    ...(row.weight_grams !== null ? { weight: row.weight_grams } : {}),
    active: row.active,
  };
}

/** A SKU for a variant the admin gave none: the product's prefix and its values, in capitals (`1A2B3C4D5E6F-BLUE-M`). */
export function generatedSku(prefix: string, values: string[]): string {
  const parts = values.map(
    (value) =>
      value
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '')
        .slice(0, 12) || 'X',
  );
  return [prefix, ...parts].join('-').slice(0, 64);
}
