import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shipping by weight (docs/pricing.md, "Shipping"): a product may carry its weight in grams, and a shipping method
 * may price by the cart's weight instead of a flat rate: `weight_brackets` is `[{upToGrams, rateCents}]`, lightest
 * first; NULL keeps the method a flat rate.
 */
export class ShippingByWeight1764000920000 implements MigrationInterface {
  name = 'ShippingByWeight1764000920000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN weight_grams integer CHECK (weight_grams > 0 AND weight_grams <= 1000000)`);
    await q.query(`ALTER TABLE shipping_methods ADD COLUMN weight_brackets jsonb CHECK (jsonb_typeof(weight_brackets) = 'array')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shipping_methods DROP COLUMN weight_brackets`);
    await q.query(`ALTER TABLE products DROP COLUMN weight_grams`);
  }
}
