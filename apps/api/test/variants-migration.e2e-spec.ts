import type { QueryRunner } from 'typeorm';
import { ProductVariants1764000100000 } from '../src/database/migrations/1764000100000-product-variants.js';
import { VariantsReplaceSizes1764000110000 } from '../src/database/migrations/1764000110000-variants-replace-sizes.js';
import { PhotoOptionValues1764000210000 } from '../src/database/migrations/1764000210000-photo-option-values.js';
import { Shipments1764001000000 } from '../src/database/migrations/1764001000000-shipments.js';
import { StockAlerts1764001200000 } from '../src/database/migrations/1764001200000-stock-alerts.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';
import { inMigrationTransaction } from './support/test-database.js';

/**
 * The move from `products.size_stock` to options and variants, on a shop with sized and unsized products, paid,
 * cancelled, refunded and pending orders, and an order of a product deleted since: up keeps every size's stock and
 * sold count and tells every order line its variant; down gives the schema back as it was.
 */
describe('options and variants migration (e2e)', () => {
  let t: TestApp;
  const variants = new ProductVariants1764000100000();
  const replaceSizes = new VariantsReplaceSizes1764000110000();
  /** The photos' tie to option values, a later migration that depends on them: down first, up last. */
  const photoTie = new PhotoOptionValues1764000210000();
  /** Shipment lines name an order line by its key (order, variant), which the variants migration makes: down first, up last. */
  const shipments = new Shipments1764001000000();
  /** Back-in-stock alerts name a variant: down first, up last. */
  const stockAlerts = new StockAlerts1764001200000();
  /** Both migrations, as a deploy applies them (and a rollback reverts them: the later one first). */
  const migration = {
    up: async (q: QueryRunner) => {
      await variants.up(q);
      await replaceSizes.up(q);
      await photoTie.up(q);
      await shipments.up(q);
      await stockAlerts.up(q);
    },
    down: async (q: QueryRunner) => {
      await stockAlerts.down(q);
      await shipments.down(q);
      await photoTie.down(q);
      await replaceSizes.down(q);
      await variants.down(q);
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const migrate = (work: (runner: QueryRunner) => Promise<void>) => inMigrationTransaction(t.db.url, work);
  const query = <T>(sql: string, values: unknown[] = []) => t.dataSource.query(sql, values) as Promise<T[]>;
  const tables = async () =>
    (
      await query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'product\\_%' AND table_schema = 'public' ORDER BY 1`,
      )
    ).map((row) => row.table_name);

  it('moves sizes and their sales to variants, tells every order line its variant, and goes back down', async () => {
    await migrate((q) => migration.down(q));
    expect(await tables()).toEqual(['product_photos']);

    const buyer = await signedInUser(t);
    const [{ id: category }] = await query<{ id: string }>(`INSERT INTO categories (name) VALUES ('Migrated') RETURNING id`);
    const product = async (name: string, stock: number, sold: number, sizes: Record<string, number>) =>
      (
        await query<{ id: string }>(
          `INSERT INTO products (name, description, price_cents, stock, sold, size_stock, category_id)
           VALUES ($1, 'A tee', 2000, $2, $3, $4, $5) RETURNING id`,
          [name, stock, sold, JSON.stringify(sizes), category],
        )
      )[0].id;
    const sized = await product('Sized Tee', 6, 3, { XL: 0, S: 4, M: 2 });
    const plain = await product('Plain Tee', 5, 1, {});
    const gone = await product('Gone Tee', 1, 2, { M: 1 });
    const order = async (status: string, lines: Array<[string, string, number, boolean?]>) => {
      const [{ id }] = await query<{ id: string }>(
        `INSERT INTO orders (user_id, user_name, status, amount_cents, transaction_id) VALUES ($1, 'Buyer', $2, 1000, $3) RETURNING id`,
        [buyer.user._id, status, status === 'Pending' ? null : `tx-${Math.random()}`],
      );
      for (const [productId, size, count, refunded] of lines) {
        await query(
          `INSERT INTO order_lines (order_id, product_id, size, name, price_cents, count, refund_id, refund_cents, refunded_at)
           VALUES ($1, $2, $3, 'A tee', 2000, $4, $5, $6, $7)`,
          [id, productId, size, count, refunded ? 'rf-1' : null, refunded ? 2000 : null, refunded ? new Date() : null],
        );
      }
      return id;
    };
    const paid = await order('Received', [
      [sized, 'S', 2],
      [sized, 'M', 1],
      [plain, '', 1],
    ]);
    await order('Cancelled', [[sized, 'S', 5]]);
    await order('Delivered', [[sized, 'M', 1, true]]);
    await order('Pending', [[sized, 'XL', 1]]);
    const goneOrders = [await order('Shipped', [[gone, 'M', 1]]), await order('Received', [[gone, 'M', 1]])];
    await query(`DELETE FROM products WHERE id = $1`, [gone]);

    await migrate((q) => migration.up(q));
    expect(await tables()).toEqual(['product_option_values', 'product_options', 'product_photos', 'product_variants']);

    const options = await query<{ product_id: string; name: string; position: number; values: string[] }>(
      `SELECT o.product_id, o.name, o.position, array_agg(v.value ORDER BY v.position) AS values
       FROM product_options o JOIN product_option_values v ON v.option_id = o.id GROUP BY o.id ORDER BY o.product_id`,
    );
    expect(options).toEqual([{ product_id: sized, name: 'Size', position: 0, values: ['S', 'M', 'XL'] }]);
    const variants = await query<{ id: number; product_id: string; sku: string; size: string | null; stock: number; sold: number }>(
      `SELECT v.id, v.product_id, v.sku, s.value AS size, v.stock, v.sold, v.active, v.price_cents, v.position
       FROM product_variants v LEFT JOIN product_option_values s ON s.id = v.option1_value_id ORDER BY v.product_id, v.position`,
    );
    const prefix = (id: string) => id.replaceAll('-', '').slice(0, 12).toUpperCase();
    expect(variants.filter((v) => v.product_id === sized)).toEqual([
      expect.objectContaining({ sku: `${prefix(sized)}-S`, size: 'S', stock: 4, sold: 2, active: true, price_cents: null, position: 0 }),
      expect.objectContaining({ sku: `${prefix(sized)}-M`, size: 'M', stock: 2, sold: 1, position: 1 }),
      expect.objectContaining({ sku: `${prefix(sized)}-XL`, size: 'XL', stock: 0, sold: 0, position: 2 }),
    ]);
    expect(variants.filter((v) => v.product_id === plain)).toEqual([
      expect.objectContaining({ sku: prefix(plain), size: null, stock: 5, sold: 1, position: 0 }),
    ]);
    expect(variants).toHaveLength(4);

    const lines = await query<{
      order_id: string;
      product_id: string;
      size: string;
      variant_id: number;
      sku: string | null;
      variant_label: string;
    }>(`SELECT order_id, product_id, size, variant_id, sku, variant_label FROM order_lines ORDER BY order_id, size`);
    const variantOf = (productId: string, size: string | null) => variants.find((v) => v.product_id === productId && v.size === size)!;
    expect(lines.filter((l) => l.order_id === paid)).toEqual(
      expect.arrayContaining([
        {
          order_id: paid,
          product_id: sized,
          size: 'S',
          variant_id: variantOf(sized, 'S').id,
          sku: `${prefix(sized)}-S`,
          variant_label: 'S',
        },
        {
          order_id: paid,
          product_id: sized,
          size: 'M',
          variant_id: variantOf(sized, 'M').id,
          sku: `${prefix(sized)}-M`,
          variant_label: 'M',
        },
        { order_id: paid, product_id: plain, size: '', variant_id: variantOf(plain, null).id, sku: prefix(plain), variant_label: '' },
      ]),
    );
    for (const line of lines) expect(line.variant_id).toEqual(expect.any(Number));
    // The deleted product's lines: one id for its size, in both orders, which no variant has.
    const goneLines = lines.filter((l) => goneOrders.includes(l.order_id));
    expect(goneLines).toHaveLength(2);
    expect(goneLines[0].variant_id).toBe(goneLines[1].variant_id);
    expect(goneLines[0]).toMatchObject({ sku: null, variant_label: 'M' });
    expect(variants.map((v) => v.id)).not.toContain(goneLines[0].variant_id);

    await migrate((q) => migration.down(q));
    expect(await tables()).toEqual(['product_photos']);
    const columns = await query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'order_lines' AND column_name IN ('variant_id', 'sku', 'variant_label')`,
    );
    expect(columns).toEqual([]);
    expect(await query(`SELECT stock, sold, size_stock FROM products WHERE id = $1`, [sized])).toEqual([
      { stock: 6, sold: 3, size_stock: { S: 4, M: 2, XL: 0 } },
    ]);
    expect(await query(`SELECT count(*)::int AS n FROM order_lines`)).toEqual([{ n: 8 }]);

    // And up again, as the app expects it: the same variants.
    await migrate((q) => migration.up(q));
    expect(await query(`SELECT count(*)::int AS n FROM product_variants`)).toEqual([{ n: 4 }]);
  }, 120_000);
});
