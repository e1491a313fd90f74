import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stable handle per product: a URL-safe slug (`navy-crew-tee`), unique, the key the catalogue CSV import and
 * export match products by (docs/api.md, "Catalogue import and export"). Existing products get one from their
 * name (lowered and unaccented as a search reads it, every run of other characters a `-`, at most 60 characters); a second product of the
 * same slug gets its id's first 8 hex digits after it, which no other product shares. A product inserted without a
 * handle (the admin form) gets one the same way from a trigger, so no writer must know about it; a handle never
 * follows a rename (links and import files keep working).
 */
export class ProductHandles1764000700000 implements MigrationInterface {
  name = 'ProductHandles1764000700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION product_handle_base(name text) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT coalesce(nullif(trim(both '-' from left(trim(both '-' from
          regexp_replace(product_search_text(name), '[^a-z0-9]+', '-', 'g')), 60)), ''), 'product')
      $$`);
    await q.query(`ALTER TABLE products ADD COLUMN handle varchar(80)`);
    await q.query(`
      WITH base AS (
        SELECT id, product_handle_base(name) AS slug,
               row_number() OVER (PARTITION BY product_handle_base(name) ORDER BY created_at, id) AS n
        FROM products)
      UPDATE products p SET handle = CASE WHEN base.n = 1 THEN base.slug
                                          ELSE base.slug || '-' || left(replace(p.id::text, '-', ''), 8) END
      FROM base WHERE base.id = p.id`);
    await q.query(`ALTER TABLE products ALTER COLUMN handle SET NOT NULL`);
    await q.query(`ALTER TABLE products ADD CONSTRAINT products_handle_format CHECK (handle ~ '^[a-z0-9]+(-[a-z0-9]+)*$')`);
    await q.query(`CREATE UNIQUE INDEX products_handle_key ON products (handle)`);
    await q.query(`
      CREATE FUNCTION products_default_handle() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.handle IS NULL THEN
          NEW.handle := product_handle_base(NEW.name);
          IF EXISTS (SELECT 1 FROM products WHERE handle = NEW.handle) THEN
            NEW.handle := NEW.handle || '-' || left(replace(NEW.id::text, '-', ''), 8);
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(
      `CREATE TRIGGER products_default_handle BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION products_default_handle()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER products_default_handle ON products`);
    await q.query(`DROP FUNCTION products_default_handle()`);
    await q.query(`ALTER TABLE products DROP COLUMN handle`);
    await q.query(`DROP FUNCTION product_handle_base(text)`);
  }
}
