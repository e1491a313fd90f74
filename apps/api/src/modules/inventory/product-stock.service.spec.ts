import { createTestApp, type TestApp } from '../../../test/support/test-app.js';
import { seedProduct, stockOf } from '../../../test/support/checkout-fixtures.js';
import { ConflictError } from '../../common/errors.js';
import { Transactions } from '../../database/transactions.js';
import { mergeLines, ProductStockService, type StockLine } from './product-stock.service.js';

/** Stock moves on a real Postgres: the conditional updates and the lock order are what is under test. */
describe('ProductStockService', () => {
  let t: TestApp;
  let stock: ProductStockService;
  let transactions: Transactions;

  beforeAll(async () => {
    t = await createTestApp();
    stock = t.app.get(ProductStockService);
    transactions = t.app.get(Transactions);
  });
  afterAll(() => t.close());

  /** reserve() answers a refusal as a value; thrown here so the caller's transaction rolls back, as the checkout does. */
  async function reserve(lines: StockLine[]) {
    const reserved = await stock.reserve(lines);
    if (!Array.isArray(reserved)) throw reserved.refused;
    return reserved;
  }

  it('merges duplicate products (ids in any case) and orders lines by id', () => {
    const a = 'aaaaaaaa-0000-4000-8000-000000000000';
    const b = 'bbbbbbbb-0000-4000-8000-000000000000';
    expect(
      mergeLines([
        { productId: b, count: 1 },
        { productId: a, count: 2 },
        { productId: b.toUpperCase(), count: 3 },
      ]),
    ).toEqual([
      { productId: a, count: 2 },
      { productId: b, count: 4 },
    ]);
  });

  it('merges lines per product and size, in id then size order; a line without a size keeps no size key', () => {
    const a = 'aaaaaaaa-0000-4000-8000-000000000000';
    expect(
      mergeLines([
        { productId: a, count: 1, size: 'XL' },
        { productId: a, count: 2, size: 'S' },
        { productId: a.toUpperCase(), count: 3, size: 'XL' },
        { productId: a, count: 1, size: '' },
      ]),
    ).toEqual([
      { productId: a, count: 1 },
      { productId: a, count: 2, size: 'S' },
      { productId: a, count: 4, size: 'XL' },
    ]);
  });

  it('reserves stock and prices the lines from the database', async () => {
    const id = await seedProduct(t, { name: 'Priced Tee', price: 12.34, stock: 5 });
    const lines = await transactions.run(() => reserve([{ productId: id, count: 2 }]));
    const [{ id: variantId, sku }] = (await t.dataSource.query(`SELECT id, sku FROM product_variants WHERE product_id = $1`, [id])) as {
      id: number;
      sku: string;
    }[];
    // Its default variant (every product has one), named by nothing: a product without options.
    expect(lines).toEqual([{ productId: id, count: 2, name: 'Priced Tee', priceCents: 1234, variantId, sku, label: '', size: '' }]);
    expect(await stockOf(t, id)).toEqual({ stock: 3, sold: 0 });
  });

  it('refuses a short product by name and reserves nothing of the cart', async () => {
    const plenty = await seedProduct(t, { name: 'Plenty Tee', price: 1, stock: 10 });
    const scarce = await seedProduct(t, { name: 'Scarce Tee', price: 1, stock: 1 });
    const attempt = transactions.run(() =>
      reserve([
        { productId: plenty, count: 3 },
        { productId: scarce, count: 2 },
      ]),
    );
    await expect(attempt).rejects.toEqual(new ConflictError('Only 1 of "Scarce Tee" left in stock (your cart has 2)'));
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    expect(await stockOf(t, plenty)).toEqual({ stock: 10, sold: 0 });
    expect(await stockOf(t, scarce)).toEqual({ stock: 1, sold: 0 });
  });

  it('never takes stock below zero, however many reserve at once', async () => {
    const id = await seedProduct(t, { name: 'Rush Tee', price: 1, stock: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => transactions.run(() => reserve([{ productId: id, count: 1 }]))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const refused of results.filter((r) => r.status === 'rejected')) {
      expect((refused as PromiseRejectedResult).reason).toEqual(new ConflictError('"Rush Tee" is out of stock'));
    }
    expect(await stockOf(t, id)).toEqual({ stock: 0, sold: 0 });
  });

  it('does not deadlock when carts list the same products in opposite orders', async () => {
    const a = await seedProduct(t, { name: 'Left Tee', price: 1, stock: 100 });
    const b = await seedProduct(t, { name: 'Right Tee', price: 1, stock: 100 });
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([
        transactions.run(() =>
          reserve([
            { productId: a, count: 1 },
            { productId: b, count: 1 },
          ]),
        ),
        transactions.run(() =>
          reserve([
            { productId: b, count: 1 },
            { productId: a, count: 1 },
          ]),
        ),
      ]);
    }
    expect(await stockOf(t, a)).toEqual({ stock: 80, sold: 0 });
    expect(await stockOf(t, b)).toEqual({ stock: 80, sold: 0 });
  });

  it('releases, records sales, and returns sold items to stock', async () => {
    const id = await seedProduct(t, { name: 'Cycle Tee', price: 1, stock: 10 });
    const [{ variantId }] = await transactions.run(() => reserve([{ productId: id, count: 4 }]));
    // As an order's lines read back: each names its variant.
    const line = [{ productId: id, count: 4, variantId }];
    await transactions.run(() => stock.release(line));
    expect(await stockOf(t, id)).toEqual({ stock: 10, sold: 0 });
    await transactions.run(() => reserve(line));
    await transactions.run(() => stock.recordSale(line));
    expect(await stockOf(t, id)).toEqual({ stock: 6, sold: 4 });
    await transactions.run(() => stock.returnSold(line));
    expect(await stockOf(t, id)).toEqual({ stock: 10, sold: 0 });
  });
});
