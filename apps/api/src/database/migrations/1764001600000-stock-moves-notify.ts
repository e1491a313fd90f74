import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sale tells the catalogue's caches `stock`, not `lists`. Every checkout updates `stock` and `sold` on `products`
 * and `product_variants`; their statement triggers said `lists` for every UPDATE, which emptied every replica's list
 * cache at every sale, so a busy shop's lists missed the cache exactly when it was busy. Now an UPDATE whose rows
 * changed only `stock` and `sold` notifies `stock` (the caches show it within LIST_STOCK_REFRESH_MS,
 * docs/performance.md); one that changed anything else notifies `lists` (dropped at once); one that changed
 * nothing, nothing.
 *
 * The rows are compared whole, less those two columns, from the statement's transition tables: no list of columns
 * to keep up to date when a later migration adds, drops or renames one.
 */
export class StockMovesNotify1764001600000 implements MigrationInterface {
  name = 'StockMovesNotify1764001600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION catalogue_notify_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (
          SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
          WHERE o.id IS NULL OR to_jsonb(o) - 'stock' - 'sold' IS DISTINCT FROM to_jsonb(n) - 'stock' - 'sold'
        ) THEN
          PERFORM pg_notify('catalogue_changed', 'lists');
        ELSIF EXISTS (
          SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.stock, o.sold) IS DISTINCT FROM (n.stock, n.sold)
        ) THEN
          PERFORM pg_notify('catalogue_changed', 'stock');
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`DROP TRIGGER products_updated ON products`);
    await q.query(`CREATE TRIGGER products_updated AFTER UPDATE ON products
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_update()`);
    // product_variants_changed said lists for inserts, updates, deletes and truncates: the updates move here.
    await q.query(`DROP TRIGGER product_variants_changed ON product_variants`);
    await q.query(`CREATE TRIGGER product_variants_changed AFTER INSERT OR DELETE OR TRUNCATE ON product_variants
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify('lists')`);
    await q.query(`CREATE TRIGGER product_variants_updated AFTER UPDATE ON product_variants
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_update()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER product_variants_updated ON product_variants`);
    await q.query(`DROP TRIGGER product_variants_changed ON product_variants`);
    await q.query(`CREATE TRIGGER product_variants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify('lists')`);
    await q.query(`DROP TRIGGER products_updated ON products`);
    await q.query(`CREATE TRIGGER products_updated AFTER UPDATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify('lists')`);
    await q.query(`DROP FUNCTION catalogue_notify_update()`);
  }
}
