import { type Product, type ProductVariant } from '@store/contract';
import { productForm } from './fixtures/product-requests.js';
import { catalogueShop } from './support/catalogue-shop.js';
import { orderStatusCounts } from './support/checkout-fixtures.js';
import { signedInUser } from './support/test-app.js';

const COLOURS = [
  { value: 'Blue', swatch: '#1e3a8a' },
  { value: 'Red', swatch: '#b91c1c' },
  { value: 'Black', swatch: '#111111' },
];
const SIZES = ['S', 'M', 'L', 'XL'];

/** Options and variants end to end on a real Postgres: the admin's form, the listing, checkout, orders, refunds. */
describe('options and variants (e2e)', () => {
  const shop = catalogueShop('Variant Shirts');

  const options = JSON.stringify([
    { name: 'Colour', values: COLOURS },
    { name: 'Size', values: SIZES.map((value) => ({ value })) },
  ]);
  /** Every colour in every size, `stock` of each unless `stockOf` says otherwise. */
  const grid = (stockOf: (colour: string, size: string) => number = () => 5) =>
    COLOURS.flatMap(({ value: colour }) => SIZES.map((size) => ({ options: [colour, size], stock: stockOf(colour, size) })));
  const created = async (variants: unknown[], overrides: Record<string, string> = {}): Promise<Product> => {
    const { stock: _stock, ...form } = productForm(shop.category, { price: '20', ...overrides });
    return shop.calls.created({ ...form, options, variants: JSON.stringify(variants) });
  };
  const variantOf = (product: Product, ...values: string[]): ProductVariant =>
    product.variants!.find((v) => v.options.join('/') === values.join('/'))!;
  const stored = async (variantId: number) =>
    (
      (await shop.t.dataSource.query(`SELECT stock, sold FROM product_variants WHERE id = $1`, [variantId])) as {
        stock: number;
        sold: number;
      }[]
    )[0];
  const productRow = async (id: string) =>
    ((await shop.t.dataSource.query(`SELECT stock, sold FROM products WHERE id = $1`, [id])) as { stock: number; sold: number }[])[0];

  describe('the admin form', () => {
    it('creates 3 colours x 4 sizes: options in order with swatches, a variant each with a SKU, stock their sum', async () => {
      const product = await created(grid(), { name: 'Grid Tee' });
      expect(product.options).toEqual([
        { _id: expect.any(Number), name: 'Colour', values: COLOURS.map((c) => ({ _id: expect.any(Number), ...c })) },
        { _id: expect.any(Number), name: 'Size', values: SIZES.map((value) => ({ _id: expect.any(Number), value })) },
      ]);
      expect(product.variants).toHaveLength(12);
      expect(product.variants![0]).toEqual({
        _id: expect.any(Number),
        sku: expect.stringMatching(/^[0-9A-F]{12}-BLUE-S$/),
        options: ['Blue', 'S'],
        stock: 5,
        sold: 0,
        active: true,
      });
      expect(new Set(product.variants!.map((v) => v.sku)).size).toBe(12);
      expect(product).toMatchObject({ stock: 60, sizes: [] });
      // The same from the product route and the list.
      expect((await shop.calls.get(product._id).expect(200)).body).toEqual(product);
      // The list's card carries everything but the gallery (a card shows the first photo).
      const { photos, ...card } = product;
      expect(photos).toEqual([]);
      const listed = (await shop.calls.list('?limit=100').expect(200)).body as Product[];
      expect(listed.find((p) => p._id === product._id)).toEqual(card);
    });

    it('edits in place: ids kept through a reorder, a value added, a variant dropped, prices and active set; audited', async () => {
      const product = await created(grid(), { name: 'Edited Tee' });
      const blueM = variantOf(product, 'Blue', 'M');
      const reordered = JSON.stringify([
        { name: 'Size', values: SIZES.map((value) => ({ value })) },
        { name: 'Colour', values: [...COLOURS, { value: 'Green', swatch: '#166534' }] },
      ]);
      const variants = [
        { options: ['M', 'Blue'], stock: 7, price: 25, compareAtPrice: 30, sku: 'EDITED-BLUE-M' },
        { options: ['M', 'Green'], stock: 1 },
        { options: ['L', 'Red'], stock: 2, active: false },
      ];
      const response = await shop.calls.update(product._id, { options: reordered, variants: JSON.stringify(variants) }).expect(200);
      const updated = response.body as Product;
      expect(updated.options!.map((o) => o.name)).toEqual(['Size', 'Colour']);
      expect(updated.variants).toEqual([
        { _id: blueM._id, sku: 'EDITED-BLUE-M', options: ['M', 'Blue'], stock: 7, sold: 0, price: 25, compareAtPrice: 30, active: true },
        { _id: expect.any(Number), sku: expect.stringMatching(/-M-GREEN$/), options: ['M', 'Green'], stock: 1, sold: 0, active: true },
        {
          _id: variantOf(product, 'Red', 'L')._id,
          sku: variantOf(product, 'Red', 'L').sku,
          options: ['L', 'Red'],
          stock: 2,
          sold: 0,
          active: false,
        },
      ]);
      // The inactive one is not counted.
      expect(updated.stock).toBe(8);
      const [entry] = (await shop.t.dataSource.query(
        `SELECT changes FROM audit_log WHERE entity_id = $1 AND action = 'product.update' ORDER BY at DESC, id DESC LIMIT 1`,
        [product._id],
      )) as { changes: Record<string, { before: unknown; after: unknown }> }[];
      expect(Object.keys(entry.changes).sort()).toEqual(['options', 'stock', 'variants']);
      expect(entry.changes.stock).toEqual({ before: 60, after: 8 });
    });

    it('refuses a bad grid with field-level 400s and a SKU of another product with 409, changing nothing', async () => {
      const product = await created(grid(), { name: 'Guarded Tee' });
      const bad = await shop.calls
        .update(product._id, {
          options,
          variants: JSON.stringify([
            { options: ['Purple', 'M'], stock: 1 },
            { options: ['Blue', 'M'], stock: -2 },
          ]),
        })
        .expect(400);
      expect(bad.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [
          { field: 'variants[0].options[0]', message: '"Purple" is not a value of Colour (variants[0])' },
          { field: 'variants[1].stock', message: 'Stock must be a whole number from 0 to 1000000 (variants[1].stock)' },
        ],
      });
      const other = await created(grid(), { name: 'Other Tee' });
      const taken = variantOf(other, 'Red', 'S').sku;
      const conflict = await shop.calls
        .update(product._id, { options, variants: JSON.stringify([{ options: ['Blue', 'S'], stock: 1, sku: taken }]) })
        .expect(409);
      expect(conflict.body).toMatchObject({ code: 'CONFLICT', details: [{ field: 'variants' }] });
      expect((await shop.calls.get(product._id).expect(200)).body).toEqual(product);
    });
  });

  describe('checkout', () => {
    it('sells a variant at its own price (never the compare-at), from its stock, and the order line names it', async () => {
      const variants = grid().map((v) => (v.options.join('/') === 'Red/L' ? { ...v, price: 18.5, compareAtPrice: 40 } : v));
      const product = await created(variants, { name: 'Sale Tee', compareAtPrice: '25' });
      expect(product.compareAtPrice).toBe(25);
      const redL = variantOf(product, 'Red', 'L');
      const blueS = variantOf(product, 'Blue', 'S');
      // The compare-at price is not what is charged: a cart that says so is refused.
      await shop
        .buy(shop.buyer, 40 + 20, [
          { _id: product._id, count: 1, variant: redL._id },
          { _id: product._id, count: 1, variant: blueS._id },
        ])
        .expect(409);
      const paid = await shop
        .buy(shop.buyer, 2 * 18.5 + 20, [
          { _id: product._id, count: 2, variant: redL._id },
          { _id: product._id, count: 1, variant: blueS._id },
        ])
        .expect(200);
      expect(paid.body.order.amount).toBe(57);
      expect(await stored(redL._id)).toEqual({ stock: 3, sold: 2 });
      expect(await stored(blueS._id)).toEqual({ stock: 4, sold: 1 });
      expect(await productRow(product._id)).toEqual({ stock: 57, sold: 3 });
      const order = await shop.orderOf(paid.body.order._id as string);
      expect(order.products).toEqual([
        { product: product._id, name: 'Sale Tee', price: 20, count: 1, size: 'S', variant: blueS._id, sku: blueS.sku, options: 'Blue / S' },
        { product: product._id, name: 'Sale Tee', price: 18.5, count: 2, size: 'L', variant: redL._id, sku: redL.sku, options: 'Red / L' },
      ]);
    });

    it('refuses a line without its variant (400), a size alone for a colour product (400), a variant of another product (409)', async () => {
      const product = await created(grid(), { name: 'Choosy Tee' });
      const other = await created(grid(), { name: 'Elsewhere Tee' });
      const before = await orderStatusCounts(shop.t);
      expect((await shop.buy(shop.buyer, 20, [{ _id: product._id, count: 1 }]).expect(400)).body).toMatchObject({
        error: '"Choosy Tee" comes in Colour, Size: choose a variant',
        details: [{ field: 'paymentInfo.products', message: `${product._id}: a variant is required` }],
      });
      expect((await shop.buy(shop.buyer, 20, [{ _id: product._id, count: 1, size: 'M' }]).expect(400)).body.error).toBe(
        '"Choosy Tee" comes in Colour, Size: choose a variant',
      );
      await shop.buy(shop.buyer, 20, [{ _id: product._id, count: 1, variant: variantOf(other, 'Blue', 'M')._id }]).expect(409);
      expect(await orderStatusCounts(shop.t)).toEqual(before);
    });

    it('sells the last 2 of Blue/M to exactly 2 of 10 concurrent buyers, and leaves the other variants untouched', async () => {
      const product = await created(
        grid((colour, size) => (colour === 'Blue' && size === 'M' ? 2 : 3)),
        { name: 'Race Tee' },
      );
      const blueM = variantOf(product, 'Blue', 'M');
      const buyers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(shop.t)));
      const answers = await Promise.all(
        buyers.map((session) => shop.buy(session, 20, [{ _id: product._id, count: 1, variant: blueM._id }])),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body.error).toMatch(/"Race Tee" \(Blue \/ M\) (is out of stock|left in stock)/);
      }
      expect(await stored(blueM._id)).toEqual({ stock: 0, sold: 2 });
      const others = (await shop.t.dataSource.query(`SELECT stock, sold FROM product_variants WHERE product_id = $1 AND id <> $2`, [
        product._id,
        blueM._id,
      ])) as { stock: number; sold: number }[];
      expect(others).toHaveLength(11);
      for (const other of others) expect(other).toEqual({ stock: 3, sold: 0 });
      expect(await productRow(product._id)).toEqual({ stock: 33, sold: 2 });
    });

    it('lets buyers of different variants of two products, in any order, all through without deadlock', async () => {
      const a = await created(
        grid(() => 20),
        { name: 'Lock Tee A' },
      );
      const b = await created(
        grid(() => 20),
        { name: 'Lock Tee B' },
      );
      const lines = [
        { _id: a._id, count: 1, variant: variantOf(a, 'Red', 'XL')._id },
        { _id: b._id, count: 1, variant: variantOf(b, 'Blue', 'S')._id },
        { _id: a._id, count: 1, variant: variantOf(a, 'Blue', 'S')._id },
        { _id: b._id, count: 1, variant: variantOf(b, 'Black', 'L')._id },
      ];
      const buyers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(shop.t)));
      const answers = await Promise.all(buyers.map((session, index) => shop.buy(session, 80, index % 2 ? lines : [...lines].reverse())));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      expect(await stored(variantOf(a, 'Red', 'XL')._id)).toEqual({ stock: 12, sold: 8 });
      expect(await productRow(b._id)).toEqual({ stock: 240 - 16, sold: 16 });
    });
  });

  describe('the grid, filtered by colour and size in stock', () => {
    it('lists the products with an active variant in stock in that colour and size, and counts them', async () => {
      const name = 'Filter Tee';
      const a = await created(
        grid((colour, size) => (colour === 'Red' && size === 'XL' ? 0 : 1)),
        { name: `${name} A` },
      );
      const b = await created(
        grid((colour) => (colour === 'Black' ? 1 : 0)),
        { name: `${name} B` },
      );
      const ids = async (query: string) => {
        const response = await shop.calls.list(`?limit=100&${query}`).expect(200);
        return {
          ids: (response.body as Product[]).filter((p) => [a._id, b._id].includes(p._id)).map((p) => p._id),
          total: Number(response.headers['x-total-count']),
        };
      };
      expect((await ids('colour=black')).ids).toEqual([a._id, b._id]);
      expect((await ids('colour=Red&size=XL')).ids).toEqual([]);
      expect((await ids('colour=Red&size=L')).ids).toEqual([a._id]);
      expect((await ids('size=S')).ids).toEqual([a._id, b._id]);
      // Sold out since: the list (and its count) follow the stock.
      const blackS = variantOf(b, 'Black', 'S');
      await shop.buy(shop.buyer, 20, [{ _id: b._id, count: 1, variant: blackS._id }]).expect(200);
      const afterSale = await ids('colour=Black&size=S');
      expect(afterSale.ids).toEqual([a._id]);
      const expected = (await shop.t.dataSource.query(
        `SELECT count(DISTINCT v.product_id)::int AS n FROM product_variants v
         JOIN product_option_values c ON c.id = v.option1_value_id JOIN product_option_values s ON s.id = v.option2_value_id
         WHERE v.active AND v.stock > 0 AND c.value = 'Black' AND s.value = 'S'`,
      )) as { n: number }[];
      expect(afterSale.total).toBe(expected[0].n);
      expect((await shop.calls.list(`?colour=${'x'.repeat(33)}`).expect(400)).body.details[0].field).toBe('colour');
    });
  });

  describe('orders', () => {
    it('refunds one variant line (the variant picks it; 400 without it), its stock back to that variant; a cancel returns the rest', async () => {
      const product = await created(grid(), { name: 'Returned Tee' });
      const blueM = variantOf(product, 'Blue', 'M');
      const redM = variantOf(product, 'Red', 'M');
      const paid = await shop
        .buy(shop.buyer, 60, [
          { _id: product._id, count: 1, variant: blueM._id },
          { _id: product._id, count: 2, variant: redM._id },
        ])
        .expect(200);
      const orderId = paid.body.order._id as string;
      shop.gateway.settle(paid.body.transaction.id as string);
      expect((await shop.refundLine(orderId, { product: product._id }).expect(400)).body).toMatchObject({
        details: [{ field: 'variant', message: 'is required: the order has this product in more than one variant' }],
      });
      // Both lines are size M: the size alone cannot tell them apart.
      expect((await shop.refundLine(orderId, { product: product._id, size: 'M' }).expect(400)).body.details[0].field).toBe('variant');
      await shop.refundLine(orderId, { product: product._id, variant: redM._id }).expect(200);
      expect(await stored(redM._id)).toEqual({ stock: 5, sold: 0 });
      expect(await stored(blueM._id)).toEqual({ stock: 4, sold: 1 });
      await shop.cancel(orderId).expect(200);
      expect(await stored(blueM._id)).toEqual({ stock: 5, sold: 0 });
      expect(await productRow(product._id)).toEqual({ stock: 60, sold: 0 });
    });
  });
});
