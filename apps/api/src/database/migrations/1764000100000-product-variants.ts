import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Options and variants. A product has up to three options (`product_options`: Colour, Size...), each with ordered
 * values (`product_option_values`, a colour's swatch in `swatch_hex`); each combination on sale is a row of
 * `product_variants` with its own SKU, stock, sold count, optional price and compare-at price, and active flag. A
 * variant names its values in `option1_value_id`..`option3_value_id`, one column per option position (an option at
 * `position` 0 fills `option1_value_id`), so a combination is one unique key and a product's variants read in one
 * index scan, without a link table to join. A product without options has one default variant (all three NULL).
 *
 * The data moves from `products.size_stock`: a sized product gets a Size option whose values are its sizes (in
 * size order) and one variant per size with that size's stock, and the count sold of that size (its lines in paid
 * orders, not refunded); an unsized product gets its default variant with the product's stock and sold. Every
 * order line learns the variant it was bought as (`variant_id`, no foreign key, like `product_id`, so a deleted
 * product's orders keep it); a line of a product deleted before this migration gets an id of its own from the
 * variants' sequence, which no variant will ever take.
 *
 * Locks: the rows are copied under SHARE locks on products and order_lines (reads go on, writes wait: no checkout
 * can move stock between the copy and the commit), and the only ALTERs of existing tables (which take ACCESS
 * EXCLUSIVE until the commit) come last, so reads of products and order lines wait only for the last steps. See
 * docs/operations.md for the measured run.
 */
export class ProductVariants1764000100000 implements MigrationInterface {
  name = 'ProductVariants1764000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE products, order_lines IN SHARE MODE`);
    await q.query(`
      CREATE TABLE product_options (
        id serial PRIMARY KEY,
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        name varchar(32) NOT NULL CHECK (btrim(name) <> ''),
        position smallint NOT NULL CHECK (position BETWEEN 0 AND 2),
        CONSTRAINT product_options_position_key UNIQUE (product_id, position)
      )`);
    await q.query(`CREATE UNIQUE INDEX product_options_name_key ON product_options (product_id, lower(name))`);
    await q.query(`
      CREATE TABLE product_option_values (
        id serial PRIMARY KEY,
        option_id integer NOT NULL REFERENCES product_options (id) ON DELETE CASCADE,
        value varchar(32) NOT NULL CHECK (btrim(value) <> ''),
        position smallint NOT NULL CHECK (position BETWEEN 0 AND 99),
        swatch_hex char(7) CHECK (swatch_hex ~ '^#[0-9a-f]{6}$'),
        CONSTRAINT product_option_values_position_key UNIQUE (option_id, position)
      )`);
    await q.query(`CREATE UNIQUE INDEX product_option_values_value_key ON product_option_values (option_id, lower(value))`);
    await q.query(`
      CREATE TABLE product_variants (
        id serial PRIMARY KEY,
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        sku varchar(64) NOT NULL CHECK (sku ~ '^[A-Za-z0-9][A-Za-z0-9._-]*$'),
        option1_value_id integer REFERENCES product_option_values (id),
        option2_value_id integer REFERENCES product_option_values (id),
        option3_value_id integer REFERENCES product_option_values (id),
        stock integer NOT NULL CHECK (stock >= 0),
        sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
        price_cents integer CHECK (price_cents BETWEEN 0 AND 10000000),
        compare_at_cents integer CHECK (compare_at_cents BETWEEN 0 AND 10000000),
        active boolean NOT NULL DEFAULT true,
        position smallint NOT NULL CHECK (position BETWEEN 0 AND 999),
        CONSTRAINT product_variants_sku_key UNIQUE (sku),
        CONSTRAINT product_variants_options_in_order CHECK (
          (option2_value_id IS NULL OR option1_value_id IS NOT NULL) AND (option3_value_id IS NULL OR option2_value_id IS NOT NULL)
        ),
        CONSTRAINT product_variants_combination_key UNIQUE NULLS NOT DISTINCT (product_id, option1_value_id, option2_value_id, option3_value_id)
      )`);
    await q.query(`CREATE INDEX product_variants_product_position_idx ON product_variants (product_id, position, id)`);
    // The foreign keys' own checks (a value removed by the admin) and the sales overview's low stock.
    await q.query(`CREATE INDEX product_variants_option1_idx ON product_variants (option1_value_id) WHERE option1_value_id IS NOT NULL`);
    await q.query(`CREATE INDEX product_variants_option2_idx ON product_variants (option2_value_id) WHERE option2_value_id IS NOT NULL`);
    await q.query(`CREATE INDEX product_variants_option3_idx ON product_variants (option3_value_id) WHERE option3_value_id IS NOT NULL`);
    await q.query(`CREATE INDEX product_variants_stock_idx ON product_variants (stock, id) WHERE active`);

    await copySizes(q);

    // Every replica's catalogue cache hears of a variant's change as of a product's (migration CatalogueSpeed).
    for (const table of ['product_options', 'product_option_values', 'product_variants']) {
      await q.query(`CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify('lists')`);
    }

    // Which line maps to which variant, worked out before the ALTER below takes its exclusive lock.
    await q.query(`
      CREATE TEMPORARY TABLE variant_line_map ON COMMIT DROP AS
      SELECT l.product_id, l.size, m.id AS variant_id, m.sku
      FROM (SELECT DISTINCT product_id, size FROM order_lines) l
      LEFT JOIN LATERAL (
        SELECT v.id, v.sku FROM product_variants v
        LEFT JOIN product_option_values s ON s.id = v.option1_value_id
        WHERE v.product_id = l.product_id AND ((l.size = '' AND v.option1_value_id IS NULL) OR (l.size <> '' AND s.value = l.size))
      ) m ON true`);
    // A line of a product gone before this migration, or of a size its product no longer has: an id of its own.
    await q.query(`UPDATE variant_line_map SET variant_id = nextval('product_variants_id_seq') WHERE variant_id IS NULL`);
    await q.query(`CREATE UNIQUE INDEX ON variant_line_map (product_id, size)`);
    await q.query(`ANALYZE variant_line_map`);

    await q.query(`
      ALTER TABLE order_lines
        ADD COLUMN variant_id integer,
        ADD COLUMN sku varchar(64),
        ADD COLUMN variant_label varchar(120) NOT NULL DEFAULT ''`);
    await q.query(`
      UPDATE order_lines l SET variant_id = m.variant_id, sku = m.sku, variant_label = m.size
      FROM variant_line_map m WHERE m.product_id = l.product_id AND m.size = l.size`);
    await q.query(`CREATE INDEX order_lines_variant_id_idx ON order_lines (variant_id)`);
    await q.query(`
      ALTER TABLE products ADD COLUMN compare_at_cents integer CHECK (compare_at_cents BETWEEN 0 AND 10000000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP COLUMN compare_at_cents`);
    await q.query(`DROP INDEX order_lines_variant_id_idx`);
    await q.query(`ALTER TABLE order_lines DROP COLUMN variant_label, DROP COLUMN sku, DROP COLUMN variant_id`);
    await q.query(`DROP TABLE product_variants`);
    await q.query(`DROP TABLE product_option_values`);
    await q.query(`DROP TABLE product_options`);
  }
}

/**
 * Options, values and variants from `size_stock`, for every product that has no variant yet (all of them on the
 * first run). Set-based: five statements whatever the number of products.
 */
export async function copySizes(q: QueryRunner): Promise<void> {
  await q.query(`
    INSERT INTO product_options (product_id, name, position)
    SELECT p.id, 'Size', 0 FROM products p
    WHERE p.size_stock <> '{}'::jsonb AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`);
  await q.query(`
    INSERT INTO product_option_values (option_id, value, position)
    SELECT o.id, s.size, row_number() OVER (PARTITION BY o.id ORDER BY s.ord) - 1
    FROM product_options o
    JOIN products p ON p.id = o.product_id
    CROSS JOIN LATERAL unnest(ARRAY['XS', 'S', 'M', 'L', 'XL', 'XXL']) WITH ORDINALITY AS s (size, ord)
    WHERE p.size_stock ? s.size
      AND NOT EXISTS (SELECT 1 FROM product_option_values e WHERE e.option_id = o.id)
      AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`);
  // What each size sold: its lines in paid orders, less the lines refunded (a cancelled order's stock went back).
  await q.query(`
    CREATE TEMPORARY TABLE variant_sold_by_size ON COMMIT DROP AS
    SELECT l.product_id, l.size, sum(l.count)::int AS sold
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.status IN ('Received', 'Processing', 'Shipped', 'Delivered') AND l.refund_id IS NULL
    GROUP BY l.product_id, l.size`);
  await q.query(`
    INSERT INTO product_variants (product_id, sku, option1_value_id, stock, sold, position)
    SELECT p.id, upper(substr(replace(p.id::text, '-', ''), 1, 12)) || '-' || v.value, v.id,
           (p.size_stock ->> v.value)::int, coalesce(s.sold, 0), v.position
    FROM products p
    JOIN product_options o ON o.product_id = p.id
    JOIN product_option_values v ON v.option_id = o.id
    LEFT JOIN variant_sold_by_size s ON s.product_id = p.id AND s.size = v.value
    WHERE p.size_stock <> '{}'::jsonb AND NOT EXISTS (SELECT 1 FROM product_variants e WHERE e.product_id = p.id)`);
  await q.query(`
    INSERT INTO product_variants (product_id, sku, stock, sold, position)
    SELECT p.id, upper(substr(replace(p.id::text, '-', ''), 1, 12)), p.stock, p.sold, 0
    FROM products p
    WHERE p.size_stock = '{}'::jsonb AND NOT EXISTS (SELECT 1 FROM product_variants e WHERE e.product_id = p.id)`);
  await q.query(`DROP TABLE variant_sold_by_size`);
}
