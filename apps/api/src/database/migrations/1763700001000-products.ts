import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Products1763700001000 implements MigrationInterface {
  name = 'Products1763700001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(32) NOT NULL,
        description varchar(2000) NOT NULL,
        price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 10000000),
        stock integer NOT NULL CHECK (stock >= 0),
        sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
        category_id uuid NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One index per sort order the list offers, with the id as a tie-breaker so pages never overlap;
    // names sort ignoring case, as categories do.
    // The category index leads with category_id, so it also serves the foreign key check of a category delete.
    await q.query(`CREATE INDEX products_category_created_at_idx ON products (category_id, created_at, id)`);
    await q.query(`CREATE INDEX products_created_at_idx ON products (created_at, id)`);
    await q.query(`CREATE INDEX products_name_idx ON products (lower(name), id)`);
    await q.query(`CREATE INDEX products_price_idx ON products (price_cents, id)`);
    await q.query(`CREATE INDEX products_sold_idx ON products (sold, id)`);

    // Apart from products so that no product query can touch image bytes by accident.
    await q.query(`
      CREATE TABLE product_photos (
        product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
        content_type varchar(32) NOT NULL,
        data bytea NOT NULL,
        etag varchar(80) NOT NULL,
        card_data bytea NOT NULL,
        card_etag varchar(80) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Images are compressed already: store them out of line without Postgres trying (and failing) to compress them
    // again, so a write costs no wasted CPU and a read no decompression attempt.
    await q.query(`ALTER TABLE product_photos ALTER COLUMN data SET STORAGE EXTERNAL`);
    await q.query(`ALTER TABLE product_photos ALTER COLUMN card_data SET STORAGE EXTERNAL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE product_photos`);
    await q.query(`DROP TABLE products`);
  }
}
