import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * (1) Every product sort has an index with and without the category filter, so every listing, filtered
 * or not, walks an index to its LIMIT and never sorts the table: `(sort, id)` existed for each sort; this adds
 * `(category_id, sort, id)` for name, price and sold (created_at had it). (2) Catalogue writes NOTIFY
 * `catalogue_changed` from triggers, so every API replica's caches hear of every write however it is made (the
 * API, a checkout, a migration, psql) in the writing transaction: delivered at commit, never for a rollback.
 * Payloads: `counts` (rows added, removed or moved between categories: totals and lists), `lists` (rows changed),
 * `photo:<product id>` (a photo, or the version its URL names, changed), `photos` (all photos).
 */
export class CatalogueSpeed1763700012000 implements MigrationInterface {
  name = 'CatalogueSpeed1763700012000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX products_category_name_idx ON products (category_id, lower(name), id)`);
    await q.query(`CREATE INDEX products_category_price_idx ON products (category_id, price_cents, id)`);
    await q.query(`CREATE INDEX products_category_sold_idx ON products (category_id, sold, id)`);

    await q.query(`
      CREATE FUNCTION catalogue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalogue_changed', TG_ARGV[0]);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION catalogue_notify_photo() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'products' THEN
          PERFORM pg_notify('catalogue_changed', 'photo:' || NEW.id);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('catalogue_changed', 'photo:' || OLD.product_id);
        ELSE
          PERFORM pg_notify('catalogue_changed', 'photo:' || NEW.product_id);
        END IF;
        RETURN NULL;
      END $$`);
    // Statement-level where one notification per statement says enough (identical notifications of one
    // transaction are also folded into one by Postgres): a checkout of 5 lines sends one `lists`.
    await q.query(`CREATE TRIGGER products_rows_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify('counts')`);
    await q.query(`CREATE TRIGGER products_updated AFTER UPDATE ON products
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify('lists')`);
    await q.query(`CREATE TRIGGER products_category_moved AFTER UPDATE OF category_id ON products
      FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id) EXECUTE FUNCTION catalogue_notify('counts')`);
    // A versioned photo URL names the product's updatedAt: a new one changes which `v` is current.
    await q.query(`CREATE TRIGGER products_version_changed AFTER UPDATE ON products
      FOR EACH ROW WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at) EXECUTE FUNCTION catalogue_notify_photo()`);
    await q.query(`CREATE TRIGGER product_photos_changed AFTER INSERT OR UPDATE OR DELETE ON product_photos
      FOR EACH ROW EXECUTE FUNCTION catalogue_notify_photo()`);
    await q.query(`CREATE TRIGGER product_photos_truncated AFTER TRUNCATE ON product_photos
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify('photos')`);
    await q.query(`CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify('lists')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER categories_changed ON categories`);
    await q.query(`DROP TRIGGER product_photos_truncated ON product_photos`);
    await q.query(`DROP TRIGGER product_photos_changed ON product_photos`);
    await q.query(`DROP TRIGGER products_version_changed ON products`);
    await q.query(`DROP TRIGGER products_category_moved ON products`);
    await q.query(`DROP TRIGGER products_updated ON products`);
    await q.query(`DROP TRIGGER products_rows_changed ON products`);
    await q.query(`DROP FUNCTION catalogue_notify_photo()`);
    await q.query(`DROP FUNCTION catalogue_notify()`);
    await q.query(`DROP INDEX products_category_sold_idx`);
    await q.query(`DROP INDEX products_category_price_idx`);
    await q.query(`DROP INDEX products_category_name_idx`);
  }
}
