import { jest } from '@jest/globals';
import { ApiRoute, type Order, type Product, type SizeStock } from '@store/contract';
import request from 'supertest';
import { ProductChoicesCache } from '../src/modules/inventory/product-choices.cache.js';
import { productForm } from './fixtures/product-requests.js';
import { catalogueShop } from './support/catalogue-shop.js';
import { orderStatusCounts } from './support/checkout-fixtures.js';
import { api, signedInUser } from './support/test-app.js';

/** Sizes: products sold in sizes, end to end on a real Postgres (admin form, listing, checkout, orders). */
describe('sizes (e2e)', () => {
  const shop = catalogueShop('Sized Shirts');

  const sizes = (list: SizeStock[]): string => JSON.stringify(list);
  const sized = (list: SizeStock[], overrides: Record<string, string> = {}): Promise<Product> => {
    const { stock: _stock, ...form } = productForm(shop.category, { price: '10', ...overrides });
    return shop.calls.created({ ...form, sizes: sizes(list) });
  };
  /** What the database holds for a product: total, sizes and sold. */
  const stored = async (id: string) =>
    (
      (await shop.t.dataSource.query(
        `SELECT p.stock, p.sold, coalesce((
           SELECT jsonb_object_agg(ov.value, v.stock) FROM product_variants v JOIN product_option_values ov ON ov.id = v.option1_value_id
           WHERE v.product_id = p.id AND v.active), '{}') AS size_stock
         FROM products p WHERE p.id = $1`,
        [id],
      )) as {
        stock: number;
        size_stock: Record<string, number>;
        sold: number;
      }[]
    )[0];
  const productRows = async (): Promise<number> =>
    ((await shop.t.dataSource.query(`SELECT count(*)::int AS n FROM products`)) as { n: number }[])[0].n;
  const line = (_id: string, count: number, size?: string) => (size ? { _id, count, size } : { _id, count });

  describe('the admin form', () => {
    it('creates a product in sizes: stock is their total, sizes come back in size order, and the audit shows them', async () => {
      const product = await sized([
        { size: 'XL', stock: 1 },
        { size: 'S', stock: 4 },
        { size: 'M', stock: 0 },
      ]);
      const expected = [
        { size: 'S', stock: 4 },
        { size: 'M', stock: 0 },
        { size: 'XL', stock: 1 },
      ];
      expect(product).toMatchObject({ stock: 5, sizes: expected });
      expect((await shop.calls.get(product._id).expect(200)).body).toMatchObject({ stock: 5, sizes: expected });
      const listed = (await shop.calls.list('?limit=100').expect(200)).body as Product[];
      expect(listed.find((p) => p._id === product._id)).toMatchObject({ stock: 5, sizes: expected });
      expect(await stored(product._id)).toEqual({ stock: 5, size_stock: { S: 4, M: 0, XL: 1 }, sold: 0 });

      const [entry] = (await shop.t.dataSource.query(`SELECT changes FROM audit_log WHERE entity_id = $1 AND action = 'product.create'`, [
        product._id,
      ])) as { changes: Record<string, { before: unknown; after: unknown }> }[];
      expect(entry.changes.sizes).toEqual({ before: null, after: expected });
      expect(entry.changes.stock).toEqual({ before: null, after: 5 });
    });

    it('takes a stock sent with the sizes when it is their sum, and refuses it otherwise', async () => {
      const form = productForm(shop.category, {
        sizes: sizes([
          { size: 'M', stock: 2 },
          { size: 'L', stock: 3 },
        ]),
      });
      expect((await shop.calls.create({ ...form, stock: '5' }).expect(201)).body).toMatchObject({ stock: 5 });
      const before = await productRows();
      const refused = await shop.calls.create({ ...productForm(shop.category), sizes: form.sizes, stock: '6' }).expect(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'stock', message: "Stock must be the sum of the sizes' stock (5), or be left out" }],
      });
      expect(await productRows()).toBe(before);
    });

    it.each([
      ['not JSON', '[{size: M}]', 'sizes', /^Sizes must be a JSON list/],
      ['not a list', '{"size":"M","stock":1}', 'sizes', /^Sizes must be a JSON list/],
      ['an unknown size', '[{"size":"XXXL","stock":1}]', 'sizes[0].size', /^Size must be one of XS, S, M, L, XL, XXL/],
      ['a size twice', '[{"size":"M","stock":1},{"size":"M","stock":2}]', 'sizes[1].size', /^Size M is listed twice/],
      ['a negative stock', '[{"size":"M","stock":-1}]', 'sizes[0].stock', /^Stock of a size must be a whole number from 0/],
      ['a fractional stock', '[{"size":"M","stock":1.5}]', 'sizes[0].stock', /^Stock of a size must be a whole number/],
      ['a stock as text', '[{"size":"M","stock":"1"}]', 'sizes[0].stock', /^Stock of a size must be a whole number/],
      ['a field of its own', '[{"size":"M","stock":1,"color":"red"}]', 'sizes[0]', /^A size has only "size" and "stock"/],
      ['more than every size', JSON.stringify(Array.from({ length: 7 }, () => ({ size: 'M', stock: 1 }))), 'sizes', /at most once/],
    ])('refuses sizes with %s (400, field details, nothing saved)', async (_case, text, field, message) => {
      const before = await productRows();
      const { stock: _stock, ...form } = productForm(shop.category);
      const response = await shop.calls.create({ ...form, sizes: text }).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.details).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(message) }]));
      expect(await productRows()).toBe(before);
    });

    it('requires the stock of a product without sizes, sizes [] included, as before', async () => {
      const { stock: _stock, ...form } = productForm(shop.category);
      expect((await shop.calls.create({ ...form, sizes: '[]' }).expect(400)).body).toMatchObject({
        error: 'Please include all fields',
        details: [{ field: 'stock', message: 'is required' }],
      });
      const plain = (await shop.calls.create({ ...form, sizes: '[]', stock: '7' }).expect(201)).body as Product;
      expect(plain).toMatchObject({ stock: 7, sizes: [] });
    });

    it('updates the sizes (the stock follows), refuses a stock alone that is not their sum, and makes a product unsized again', async () => {
      const product = await sized([{ size: 'S', stock: 1 }]);
      const updated = await shop.calls
        .update(product._id, {
          sizes: sizes([
            { size: 'S', stock: 3 },
            { size: 'XXL', stock: 2 },
          ]),
        })
        .expect(200);
      expect(updated.body).toMatchObject({
        stock: 5,
        sizes: [
          { size: 'S', stock: 3 },
          { size: 'XXL', stock: 2 },
        ],
      });

      // A spec client sends the whole form back: its stock is the total, so the update goes through.
      await shop.calls.update(product._id, { name: 'Renamed Sized Tee', stock: '5' }).expect(200);
      const refused = await shop.calls.update(product._id, { stock: '9' }).expect(400);
      expect(refused.body.details).toEqual([{ field: 'stock', message: 'must be 5, the sum of the sizes, or be left out' }]);
      expect(await stored(product._id)).toMatchObject({ stock: 5, size_stock: { S: 3, XXL: 2 } });

      expect((await shop.calls.update(product._id, { sizes: '[]' }).expect(400)).body.details).toEqual([
        { field: 'stock', message: 'is required when sizes is []' },
      ]);
      const unsized = await shop.calls.update(product._id, { sizes: '[]', stock: '4' }).expect(200);
      expect(unsized.body).toMatchObject({ stock: 4, sizes: [] });

      const [entry] = (await shop.t.dataSource.query(
        `SELECT changes FROM audit_log WHERE entity_id = $1 AND action = 'product.update' ORDER BY at DESC, id DESC LIMIT 1`,
        [product._id],
      )) as { changes: Record<string, { before: unknown; after: unknown }> }[];
      expect(entry.changes.sizes).toEqual({
        before: [
          { size: 'S', stock: 3 },
          { size: 'XXL', stock: 2 },
        ],
        after: null,
      });
    });

    it('shows an update of the sizes in the listing at once (the catalogue cache is invalidated)', async () => {
      const product = await sized([{ size: 'L', stock: 1 }]);
      const listed = async () => ((await shop.calls.list('?limit=100').expect(200)).body as Product[]).find((p) => p._id === product._id);
      expect(await listed()).toMatchObject({ sizes: [{ size: 'L', stock: 1 }] });
      await shop.calls.update(product._id, { sizes: sizes([{ size: 'L', stock: 6 }]) }).expect(200);
      expect(await listed()).toMatchObject({ stock: 6, sizes: [{ size: 'L', stock: 6 }] });
    });

    it('keeps the invariants in the database itself: no negative stock of a size, no combination or SKU twice', async () => {
      const product = await sized([{ size: 'M', stock: 1 }]);
      const [variant] = (await shop.t.dataSource.query(`SELECT id, sku, option1_value_id FROM product_variants WHERE product_id = $1`, [
        product._id,
      ])) as { id: number; sku: string; option1_value_id: number }[];
      await expect(shop.t.dataSource.query(`UPDATE product_variants SET stock = -1 WHERE id = $1`, [variant.id])).rejects.toThrow(
        /product_variants_stock_check/,
      );
      await expect(
        shop.t.dataSource.query(
          `INSERT INTO product_variants (product_id, sku, option1_value_id, stock, position) VALUES ($1, 'OTHER', $2, 1, 1)`,
          [product._id, variant.option1_value_id],
        ),
      ).rejects.toThrow(/product_variants_combination_key/);
      const other = await shop.calls.created(productForm(shop.category));
      await expect(
        shop.t.dataSource.query(`UPDATE product_variants SET sku = $2 WHERE product_id = $1`, [other._id, variant.sku]),
      ).rejects.toThrow(/product_variants_sku_key/);
    });
  });

  describe('checkout', () => {
    it('sells sizes: one line per size, stock taken from each size, sold counted per product, sizes on the order', async () => {
      const product = await sized([
        { size: 'S', stock: 3 },
        { size: 'M', stock: 3 },
      ]);
      const response = await shop.buy(shop.buyer, 30, [line(product._id, 1, 'M'), line(product._id, 2, 'S')]).expect(200);
      expect(await stored(product._id)).toEqual({ stock: 3, size_stock: { S: 1, M: 2 }, sold: 3 });

      const order = await shop.orderOf(response.body.order._id as string);
      expect(order.products.map(({ product: id, size, count }) => ({ id, size, count }))).toEqual([
        { id: product._id, size: 'S', count: 2 },
        { id: product._id, size: 'M', count: 1 },
      ]);
      expect((await shop.calls.get(product._id).expect(200)).body).toMatchObject({ stock: 3, sold: 3 });
    });

    it('merges lines of the same size, and leaves unsized products exactly as before (no size on their lines)', async () => {
      const product = await sized([{ size: 'L', stock: 5 }]);
      const plain = await shop.calls.created(productForm(shop.category, { price: '10', stock: '5' }));
      const response = await shop
        .buy(shop.buyer, 40, [line(product._id, 1, 'L'), line(plain._id, 2), line(product._id, 1, 'L')])
        .expect(200);
      const order = await shop.orderOf(response.body.order._id as string);
      expect(order.products.find((l) => l.product === product._id)).toMatchObject({ size: 'L', count: 2 });
      expect(order.products.find((l) => l.product === plain._id)).not.toHaveProperty('size');
      expect(await stored(plain._id)).toEqual({ stock: 3, size_stock: {}, sold: 2 });
    });

    it('refuses a sized product without a size (400), and a size for a product without sizes (400), reserving nothing', async () => {
      const product = await sized([{ size: 'M', stock: 5 }], { name: 'Picky Tee' });
      const plain = await shop.calls.created(productForm(shop.category, { name: 'Plain Tee', price: '10', stock: '5' }));
      const before = await orderStatusCounts(shop.t);

      const noSize = await shop.buy(shop.buyer, 20, [line(plain._id, 1), line(product._id, 1)]).expect(400);
      expect(noSize.body).toEqual({
        error: '"Picky Tee" is sold in sizes (M): choose a size',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'paymentInfo.products', message: `${product._id}: a size is required` }],
      });
      const sizeForPlain = await shop.buy(shop.buyer, 10, [line(plain._id, 1, 'M')]).expect(400);
      expect(sizeForPlain.body).toMatchObject({
        error: '"Plain Tee" is not sold in sizes: send it without a size',
        code: 'VALIDATION_FAILED',
      });
      // The same product with and without a size in one cart is refused too.
      await shop.buy(shop.buyer, 20, [line(product._id, 1, 'M'), line(product._id, 1)]).expect(400);
      const unknownSize = await shop.buy(shop.buyer, 10, [line(product._id, 1, 'XXXL')]).expect(400);
      expect(unknownSize.body.error).toMatch(/each product size must be one of XS, S, M, L, XL, XXL/);

      expect(await stored(product._id)).toMatchObject({ stock: 5, size_stock: { M: 5 }, sold: 0 });
      expect(await stored(plain._id)).toMatchObject({ stock: 5, sold: 0 });
      expect(await orderStatusCounts(shop.t)).toEqual(before);
    });

    it('refuses a short size with 409 naming the product and the size; a size not offered is 409 too', async () => {
      const product = await sized(
        [
          { size: 'S', stock: 0 },
          { size: 'M', stock: 1 },
          { size: 'L', stock: 9 },
        ],
        { name: 'Scarce Sized Tee' },
      );
      const short = await shop.buy(shop.buyer, 30, [line(product._id, 1, 'L'), line(product._id, 2, 'M')]).expect(409);
      expect(short.body).toEqual({
        error: 'Only 1 of "Scarce Sized Tee" in size M left in stock (your cart has 2)',
        code: 'CONFLICT',
        details: [{ field: 'paymentInfo.products', message: `${product._id} (M): 1 in stock` }],
      });
      expect((await shop.buy(shop.buyer, 10, [line(product._id, 1, 'S')]).expect(409)).body.error).toBe(
        '"Scarce Sized Tee" in size S is out of stock',
      );
      expect((await shop.buy(shop.buyer, 10, [line(product._id, 1, 'XS')]).expect(409)).body.error).toBe(
        '"Scarce Sized Tee" is no longer sold in size XS; remove it and try again',
      );
      // The L taken before M was found short went back with the rollback.
      expect(await stored(product._id)).toEqual({ stock: 10, size_stock: { S: 0, M: 1, L: 9 }, sold: 0 });
    });

    describe("with the process's copy of the catalogue behind an edit (its notification not yet heard)", () => {
      /** The copy's answer for `id` now; the next reservation is given it instead of the copy as it will be. */
      const heldCopy = async (id: string) => {
        const copy = shop.t.app.get(ProductChoicesCache);
        const stale = await copy.choices([id]);
        return () => jest.spyOn(copy, 'choices').mockResolvedValueOnce(stale);
      };
      const valueIdOf = async (id: string, size: string) =>
        (
          (await shop.t.dataSource.query(
            `SELECT v.id FROM product_option_values v JOIN product_options o ON o.id = v.option_id WHERE o.product_id = $1 AND v.value = $2`,
            [id, size],
          )) as { id: number }[]
        )[0].id;

      it('refuses a size whose variant is now another size as changed (409), reserving nothing', async () => {
        const product = await sized(
          [
            { size: 'M', stock: 3 },
            { size: 'L', stock: 3 },
          ],
          { name: 'Renamed Size Tee' },
        );
        const stale = await heldCopy(product._id);
        await shop.t.dataSource.query(`UPDATE product_option_values SET value = 'XL' WHERE id = $1`, [await valueIdOf(product._id, 'M')]);
        stale();
        const refused = await shop.buy(shop.buyer, 10, [line(product._id, 1, 'M')]).expect(409);
        expect(refused.body).toEqual({
          error: '"Renamed Size Tee" changed while your order was placed; try again',
          code: 'CONFLICT',
          details: [{ field: 'paymentInfo.products', message: `${product._id}: changed` }],
        });
        expect(await stored(product._id)).toEqual({ stock: 6, size_stock: { XL: 3, L: 3 }, sold: 0 });
      });

      it('finds a size the copy does not have on the rows, and keeps the SKU and size the rows have when locked', async () => {
        const product = await sized([{ size: 'M', stock: 3 }], { name: 'Grown Size Tee' });
        const stale = await heldCopy(product._id);
        const { stock: _stock, ...form } = productForm(shop.category, { name: 'Grown Size Tee', price: '10' });
        const grown = sizes([
          { size: 'M', stock: 3 },
          { size: 'S', stock: 2 },
        ]);
        await shop.calls.update(product._id, { ...form, sizes: grown }).expect(200);
        await shop.t.dataSource.query(`UPDATE product_variants SET sku = 'GROWN-M-NEW' WHERE product_id = $1 AND option1_value_id = $2`, [
          product._id,
          await valueIdOf(product._id, 'M'),
        ]);
        stale();
        const paid = await shop.buy(shop.buyer, 20, [line(product._id, 1, 'M'), line(product._id, 1, 'S')]).expect(200);
        const lines = (await shop.t.dataSource.query(`SELECT size, sku FROM order_lines WHERE order_id = $1 ORDER BY size`, [
          paid.body.order._id,
        ])) as { size: string; sku: string }[];
        expect(lines.map((l) => l.size)).toEqual(['M', 'S']);
        expect(lines[0].sku).toBe('GROWN-M-NEW');
        expect(await stored(product._id)).toEqual({ stock: 3, size_stock: { M: 2, S: 1 }, sold: 2 });
      });
    });

    it('sells the last 2 of one size to exactly 2 of 10 concurrent buyers, and leaves the other sizes untouched', async () => {
      const product = await sized([
        { size: 'S', stock: 4 },
        { size: 'M', stock: 2 },
        { size: 'L', stock: 7 },
      ]);
      const buyers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(shop.t)));
      const answers = await Promise.all(buyers.map((session) => shop.buy(session, 10, [line(product._id, 1, 'M')])));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body.error).toMatch(/in size M (is out of stock|left in stock)/);
      }
      expect(await stored(product._id)).toEqual({ stock: 11, size_stock: { S: 4, M: 0, L: 7 }, sold: 2 });
      const lines = (await shop.t.dataSource.query(
        `SELECT size, sum(count)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.product_id = $1 AND o.status = 'Received' GROUP BY size`,
        [product._id],
      )) as { size: string; n: number }[];
      expect(lines).toEqual([{ size: 'M', n: 2 }]);
    });

    it('lets buyers of different sizes of one product (and of the same products in any order) all through, without deadlock', async () => {
      const tee = await sized([
        { size: 'S', stock: 20 },
        { size: 'M', stock: 20 },
      ]);
      const plain = await shop.calls.created(productForm(shop.category, { price: '10', stock: '40' }));
      const buyers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(shop.t)));
      const answers = await Promise.all(
        buyers.map((session, index) =>
          shop.buy(
            session,
            30,
            index % 2 === 0
              ? [line(tee._id, 1, 'S'), line(plain._id, 1), line(tee._id, 1, 'M')]
              : [line(plain._id, 1), line(tee._id, 1, 'M'), line(tee._id, 1, 'S')],
          ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      expect(await stored(tee._id)).toEqual({ stock: 24, size_stock: { S: 12, M: 12 }, sold: 16 });
      expect(await stored(plain._id)).toMatchObject({ stock: 32, sold: 8 });
    });
  });

  describe('orders', () => {
    it('returns a cancelled order to the sizes it took, and unsells it', async () => {
      const product = await sized([
        { size: 'XS', stock: 2 },
        { size: 'XL', stock: 2 },
      ]);
      const response = await shop.buy(shop.buyer, 30, [line(product._id, 1, 'XS'), line(product._id, 2, 'XL')]).expect(200);
      expect(await stored(product._id)).toEqual({ stock: 1, size_stock: { XS: 1, XL: 0 }, sold: 3 });
      await shop.cancel(response.body.order._id as string).expect(200);
      expect(await stored(product._id)).toEqual({ stock: 4, size_stock: { XS: 2, XL: 2 }, sold: 0 });
    });

    it('refunds one size line: the size picks the line (400 without it when there are two), its stock goes back to that size', async () => {
      const product = await sized([
        { size: 'S', stock: 5 },
        { size: 'L', stock: 5 },
      ]);
      const paid = await shop.buy(shop.buyer, 50, [line(product._id, 2, 'S'), line(product._id, 3, 'L')]).expect(200);
      const orderId = paid.body.order._id as string;
      shop.gateway.settle(paid.body.transaction.id as string);

      expect((await shop.refundLine(orderId, { product: product._id }).expect(400)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'size', message: 'is required: the order has this product in more than one size' }],
      });
      expect((await shop.refundLine(orderId, { product: product._id, size: 'M' }).expect(404)).body.error).toBe(
        'The order has no line for this product in size M',
      );
      expect((await shop.refundLine(orderId, { product: product._id, size: 'huge' }).expect(400)).body.error).toMatch(
        /size must be one of/,
      );

      const refunded = (await shop.refundLine(orderId, { product: product._id, size: 'L' }).expect(200)).body as Order;
      expect(refunded.products.find((l) => l.size === 'L')!.refund).toMatchObject({ amount: 30 });
      expect(refunded.products.find((l) => l.size === 'S')!.refund).toBeUndefined();
      expect(await stored(product._id)).toEqual({ stock: 8, size_stock: { S: 3, L: 5 }, sold: 2 });

      // The cancel returns the rest (the S line) only.
      await shop.cancel(orderId).expect(200);
      expect(await stored(product._id)).toEqual({ stock: 10, size_stock: { S: 5, L: 5 }, sold: 0 });
    });

    it('refunds the only line of a sized product without naming its size', async () => {
      const product = await sized([{ size: 'M', stock: 5 }]);
      const paid = await shop.buy(shop.buyer, 10, [line(product._id, 1, 'M')]).expect(200);
      shop.gateway.settle(paid.body.transaction.id as string);
      await shop.refundLine(paid.body.order._id as string, { product: product._id }).expect(200);
      expect(await stored(product._id)).toEqual({ stock: 5, size_stock: { M: 5 }, sold: 0 });
    });

    it('does not bring back a size the admin dropped since the order; the other sizes get theirs', async () => {
      const product = await sized([
        { size: 'S', stock: 2 },
        { size: 'M', stock: 2 },
      ]);
      const paid = await shop.buy(shop.buyer, 20, [line(product._id, 1, 'S'), line(product._id, 1, 'M')]).expect(200);
      await shop.calls.update(product._id, { sizes: sizes([{ size: 'M', stock: 1 }]) }).expect(200);
      await shop.cancel(paid.body.order._id as string).expect(200);
      expect(await stored(product._id)).toEqual({ stock: 2, size_stock: { M: 2 }, sold: 0 });
    });

    it('shows the size in the CSV export', async () => {
      const product = await sized([{ size: 'XXL', stock: 3 }], { name: 'Export Sized Tee' });
      await shop.buy(shop.buyer, 10, [line(product._id, 1, 'XXL')]).expect(200);
      const csv = await request(shop.t.http)
        .get(api(ApiRoute.ordersExport, { userId: shop.admin.user._id }))
        .set('Authorization', `Bearer ${shop.admin.token}`)
        .expect(200);
      expect(csv.text).toContain('1 x Export Sized Tee (XXL)');
    });
  });
});
