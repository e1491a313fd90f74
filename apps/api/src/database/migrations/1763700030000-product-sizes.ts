import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sizes. A product may be sold in sizes, with stock per size: `products.size_stock` maps each size
 * offered to what is left of it (`{"M": 3, "L": 0}`; `{}` for a product without sizes), and `stock` stays the total.
 *
 * On the product row, not in a table of its own: a checkout already locks the product row (one conditional UPDATE
 * per product, in id order), so taking several sizes of one product is still ONE statement on ONE row, under the
 * same lock and the same order: no new deadlock, and no interleaving can take a size below zero. A separate
 * product_sizes table would need a second lock order (the product, then its size rows) and a second statement
 * per line to keep `stock` the total; every read of the catalogue would need a join or a second query.
 *
 * The CHECK holds the invariants whatever writes the row (the API, a checkout, psql): only the known sizes, each
 * a whole number from 0, and `stock` their sum. The function is IMMUTABLE (it reads only its arguments), as a
 * CHECK expression must be.
 *
 * `order_lines.size` is the size bought ('' for a product without sizes, so it can be part of the key): one order
 * may hold one product in several sizes, a line each.
 */
export class ProductSizes1763700030000 implements MigrationInterface {
  name = 'ProductSizes1763700030000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION product_size_stock_ok(size_stock jsonb, stock integer) RETURNS boolean
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$
        SELECT jsonb_typeof(size_stock) = 'object'
          AND NOT EXISTS (
            SELECT 1 FROM jsonb_each(size_stock) s
            WHERE s.key NOT IN ('XS', 'S', 'M', 'L', 'XL', 'XXL')
               OR jsonb_typeof(s.value) <> 'number'
               OR s.value::text !~ '^[0-9]+$'
          )
          AND (size_stock = '{}'::jsonb OR stock = (SELECT sum(s.value::text::bigint) FROM jsonb_each(size_stock) s))
      $$`);
    await q.query(`
      ALTER TABLE products
        ADD COLUMN size_stock jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD CONSTRAINT products_size_stock_ok CHECK (product_size_stock_ok(size_stock, stock))`);

    await q.query(`ALTER TABLE order_lines ADD COLUMN size varchar(4) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE order_lines ADD CONSTRAINT order_lines_size_known CHECK (size IN ('', 'XS', 'S', 'M', 'L', 'XL', 'XXL'))`);
    await q.query(`ALTER TABLE order_lines DROP CONSTRAINT order_lines_pkey, ADD PRIMARY KEY (order_id, product_id, size)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Lines of one product in several sizes cannot fit the old key; going back would have to lose what was bought.
    const [{ n }] = (await q.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM order_lines GROUP BY order_id, product_id HAVING count(*) > 1) sized`,
    )) as { n: number }[];
    if (n > 0) throw new Error(`${n} orders hold one product in several sizes; they cannot be kept under the old order_lines key`);
    await q.query(`ALTER TABLE order_lines DROP CONSTRAINT order_lines_pkey, ADD PRIMARY KEY (order_id, product_id)`);
    await q.query(`ALTER TABLE order_lines DROP CONSTRAINT order_lines_size_known, DROP COLUMN size`);
    await q.query(`ALTER TABLE products DROP CONSTRAINT products_size_stock_ok, DROP COLUMN size_stock`);
    await q.query(`DROP FUNCTION product_size_stock_ok(jsonb, integer)`);
  }
}
