import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A gallery per product: up to 12 photos, ordered by `position` (1 first), each with its own id and alt text.
 * A product's existing photo becomes photo 1 of its gallery, as it is (its bytes, ETags and store); its alt text
 * stays NULL, which the API answers as "Photo of <product name>" (so it follows a renamed product).
 * The (product_id, position) key is deferrable: a reorder or a removal renumbers several rows in one statement,
 * checked at the commit rather than row by row. The photo route without a photo id keeps serving photo 1.
 */
export class ProductGallery1764000200000 implements MigrationInterface {
  name = 'ProductGallery1764000200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product_photos
        ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
        ADD COLUMN position smallint NOT NULL DEFAULT 1 CHECK (position BETWEEN 1 AND 12),
        ADD COLUMN alt_text varchar(200),
        DROP CONSTRAINT product_photos_pkey,
        ADD CONSTRAINT product_photos_pkey PRIMARY KEY (id),
        ADD CONSTRAINT product_photos_position_key UNIQUE (product_id, position) DEFERRABLE INITIALLY IMMEDIATE`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Back to one photo per product: photo 1 stays; the others' rows go (objects of theirs in a bucket are left
    // there, named by their SHA-256 they harm nothing).
    await q.query(`DELETE FROM product_photos WHERE position <> 1`);
    await q.query(`
      ALTER TABLE product_photos
        DROP CONSTRAINT product_photos_position_key,
        DROP CONSTRAINT product_photos_pkey,
        ADD CONSTRAINT product_photos_pkey PRIMARY KEY (product_id),
        DROP COLUMN alt_text,
        DROP COLUMN position,
        DROP COLUMN id`);
  }
}
