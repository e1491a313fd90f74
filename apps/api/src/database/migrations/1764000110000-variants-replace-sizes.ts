import type { MigrationInterface, QueryRunner } from 'typeorm';
import { copySizes } from './1764000100000-product-variants.js';

/**
 * Variants take over from `products.size_stock`, which goes. (1) Any product or order line written since
 * ProductVariants ran without a variant gets one, exactly as there. (2) An order line is keyed by its variant,
 * `(order_id, variant_id)`: one order may hold Blue/M and Red/M of one product. (3) The unique keys an admin's
 * edit of a product reorders (option and value positions, the combination of values, SKUs) are checked at commit
 * (DEFERRABLE), so swapping two values' places is one edit. (4) `products.stock` stays, as the sum of the active
 * variants' stock: what the lists show and the in-stock filter reads, moved with the variants in the same
 * transaction (docs/architecture.md, "Stock reservation"). (5) A product inserted by any means gets its default
 * variant from a trigger, so "every product has a variant" holds for rows the API did not write.
 *
 * Down puts `size_stock` back from the variants of products whose one option is Size with sizes for values (and
 * `{}` for a product without options); it refuses while a product has other options, or an order holds one product
 * in two variants of one size, since neither fits the old schema.
 */
export class VariantsReplaceSizes1764000110000 implements MigrationInterface {
  name = 'VariantsReplaceSizes1764000110000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE products, order_lines IN SHARE MODE`);
    await copySizes(q);
    await q.query(`
      UPDATE order_lines l SET variant_id = m.id, sku = m.sku, variant_label = l.size
      FROM (
        SELECT DISTINCT ON (x.product_id, x.size) x.product_id, x.size, v.id, v.sku
        FROM order_lines x
        JOIN product_variants v ON v.product_id = x.product_id
        LEFT JOIN product_option_values s ON s.id = v.option1_value_id
        WHERE x.variant_id IS NULL AND ((x.size = '' AND v.option1_value_id IS NULL) OR (x.size <> '' AND s.value = x.size))
      ) m
      WHERE l.variant_id IS NULL AND m.product_id = l.product_id AND m.size = l.size`);
    await q.query(`
      UPDATE order_lines l SET variant_id = m.id, variant_label = l.size
      FROM (SELECT product_id, size, nextval('product_variants_id_seq') AS id FROM order_lines WHERE variant_id IS NULL GROUP BY product_id, size) m
      WHERE l.variant_id IS NULL AND m.product_id = l.product_id AND m.size = l.size`);

    await deferrable(q, true);
    // The sales overview's best-selling variants.
    await q.query(`CREATE INDEX product_variants_sold_idx ON product_variants (sold, id) WHERE sold > 0`);
    // The new key's index is built under the SHARE lock (reads go on); the ALTER only swaps it in.
    await q.query(`CREATE UNIQUE INDEX order_lines_variant_key ON order_lines (order_id, variant_id)`);
    await q.query(`ALTER TABLE order_lines ALTER COLUMN variant_id SET NOT NULL`);
    await q.query(
      `ALTER TABLE order_lines DROP CONSTRAINT order_lines_pkey, ADD CONSTRAINT order_lines_pkey PRIMARY KEY USING INDEX order_lines_variant_key`,
    );
    // Every product has a variant, however it is written (the API, a seed, psql): a new row gets its default one,
    // which an admin's options then replace.
    await q.query(`
      CREATE FUNCTION product_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO product_variants (product_id, sku, stock, sold, position)
        VALUES (NEW.id, upper(substr(replace(NEW.id::text, '-', ''), 1, 12)), NEW.stock, NEW.sold, 0);
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER products_default_variant AFTER INSERT ON products FOR EACH ROW EXECUTE FUNCTION product_default_variant()`,
    );
    await q.query(`ALTER TABLE products DROP CONSTRAINT products_size_stock_ok, DROP COLUMN size_stock`);
    await q.query(`DROP FUNCTION product_size_stock_ok(jsonb, integer)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE products, order_lines IN SHARE MODE`);
    await q.query(`DROP TRIGGER products_default_variant ON products`);
    await q.query(`DROP FUNCTION product_default_variant()`);
    const [{ n }] = (await q.query(`
      SELECT count(*)::int AS n FROM products p
      WHERE EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = p.id AND (o.position > 0 OR lower(o.name) <> 'size'))
         OR EXISTS (
           SELECT 1 FROM product_options o JOIN product_option_values v ON v.option_id = o.id
           WHERE o.product_id = p.id AND v.value NOT IN ('XS', 'S', 'M', 'L', 'XL', 'XXL'))`)) as { n: number }[];
    if (n > 0) throw new Error(`${n} products have options other than sizes; they cannot be kept as size_stock`);
    const [{ lines }] = (await q.query(
      `SELECT count(*)::int AS lines FROM (SELECT 1 FROM order_lines GROUP BY order_id, product_id, size HAVING count(*) > 1) twice`,
    )) as { lines: number }[];
    if (lines > 0) throw new Error(`${lines} orders hold one product twice in one size; they cannot be kept under the old order_lines key`);

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
    await q.query(`ALTER TABLE products ADD COLUMN size_stock jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`
      UPDATE products p SET size_stock = s.map, stock = s.total
      FROM (
        SELECT v.product_id, jsonb_object_agg(ov.value, v.stock) AS map, sum(v.stock)::int AS total
        FROM product_variants v JOIN product_option_values ov ON ov.id = v.option1_value_id
        WHERE v.active GROUP BY v.product_id
      ) s
      WHERE s.product_id = p.id`);
    await q.query(`ALTER TABLE products ADD CONSTRAINT products_size_stock_ok CHECK (product_size_stock_ok(size_stock, stock))`);
    await q.query(`CREATE UNIQUE INDEX order_lines_size_key ON order_lines (order_id, product_id, size)`);
    await q.query(
      `ALTER TABLE order_lines DROP CONSTRAINT order_lines_pkey, ADD CONSTRAINT order_lines_pkey PRIMARY KEY USING INDEX order_lines_size_key`,
    );
    await q.query(`ALTER TABLE order_lines ALTER COLUMN variant_id DROP NOT NULL`);
    await deferrable(q, false);
    await q.query(`DROP INDEX product_variants_sold_idx`);
  }
}

/** The unique keys an edit of a product's options reorders, checked at commit (`true`) or per statement. */
async function deferrable(q: QueryRunner, deferred: boolean): Promise<void> {
  const when = deferred ? ' DEFERRABLE INITIALLY DEFERRED' : '';
  await q.query(`ALTER TABLE product_options DROP CONSTRAINT product_options_position_key,
    ADD CONSTRAINT product_options_position_key UNIQUE (product_id, position)${when}`);
  await q.query(`ALTER TABLE product_option_values DROP CONSTRAINT product_option_values_position_key,
    ADD CONSTRAINT product_option_values_position_key UNIQUE (option_id, position)${when}`);
  await q.query(`ALTER TABLE product_variants DROP CONSTRAINT product_variants_sku_key,
    ADD CONSTRAINT product_variants_sku_key UNIQUE (sku)${when}`);
  await q.query(`ALTER TABLE product_variants DROP CONSTRAINT product_variants_combination_key,
    ADD CONSTRAINT product_variants_combination_key UNIQUE NULLS NOT DISTINCT (product_id, option1_value_id, option2_value_id, option3_value_id)${when}`);
}
