import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A weight per variant (docs/pricing.md, "Shipping"): a variant may carry its own weight in grams (an XL hoodie
 * weighs more than an S); NULL weighs what its product weighs. A nullable column without a default rewrites no
 * row (its check reads the table once, every value NULL), as the products' weight did.
 */
export class VariantWeights1764002100000 implements MigrationInterface {
  name = 'VariantWeights1764002100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE product_variants ADD COLUMN weight_grams integer
         CONSTRAINT product_variants_weight_grams_check CHECK (weight_grams > 0 AND weight_grams <= 1000000)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_variants DROP COLUMN weight_grams`);
  }
}
