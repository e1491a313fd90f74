import { ApiRoute, type PricingAdmin, type Product, type Quote, Role, type Session } from '@store/contract';
import request from 'supertest';
import { VariantWeights1764002100000 } from '../src/database/migrations/1764002100000-variant-weights.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { pay, SHIPPING_ADDRESS, seedProduct } from './support/checkout-fixtures.js';
import { inMigrationTransaction } from './support/test-database.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * Shipping by weight (docs/pricing.md, "Shipping"): a product's weight and its variants' own set through the
 * product form, a method priced by weight brackets on the admin's Pricing routes, quoted and charged by the cart's
 * weight, each line weighing what its variant weighs (else its product).
 */
describe('shipping by weight (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  let tee: string;
  let post: string;
  let flat: string;

  beforeAll(async () => {
    t = await createTestApp({ pricingRulesCacheSeconds: 0 });
    [admin, buyer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t)]);
    tee = await seedProduct(t, { name: 'Weighed Tee', price: 20, stock: 100 });
  });
  afterAll(() => t.close());

  const adminPost = (route: string, body: object) =>
    request(t.http)
      .post(api(route, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send(body);
  const quote = (count: number, shippingMethod?: string) =>
    request(t.http)
      .post(api(ApiRoute.quote, { userId: buyer.user._id }))
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ products: [{ _id: tee, count }], destination: { country: 'US' }, ...(shippingMethod ? { shippingMethod } : {}) });

  it('takes a product weight in whole grams through the product form, and refuses anything else by field', async () => {
    const update = (weight: string) =>
      request(t.http)
        .put(api(ApiRoute.productUpdate, { productId: tee, userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .field('weight', weight);
    const bad = await update('2.5').expect(400);
    expect(bad.body.details).toEqual([{ field: 'weight', message: 'Weight must be whole grams from 1 to 1000000, or empty for none' }]);
    const saved = (await update('250').expect(200)).body as Product;
    expect(saved.weight).toBe(250);
    const read = (
      await request(t.http)
        .get(api(ApiRoute.product, { productId: tee }))
        .expect(200)
    ).body as Product;
    expect(read.weight).toBe(250);
  });

  it('creates a method priced by weight brackets, refusing bad brackets field by field', async () => {
    const zones = (await adminPost(ApiRoute.shippingZoneCreate, { name: 'US', countries: ['US'] }).expect(201)).body as PricingAdmin;
    const zone = zones.zones[0]._id;
    const refused = await adminPost(ApiRoute.shippingMethodCreate, {
      zone,
      name: 'Post',
      weightBrackets: [{ upTo: 0.5, price: 4 }],
    }).expect(400);
    expect(refused.body.details).toEqual([{ field: 'weightBrackets.0.upTo', message: 'upTo must be a whole number of grams' }]);
    await adminPost(ApiRoute.shippingMethodCreate, { zone, name: 'Courier', price: 15 }).expect(201);
    const screen = (
      await adminPost(ApiRoute.shippingMethodCreate, {
        zone,
        name: 'Post',
        weightBrackets: [
          { upTo: 2000, price: 9 },
          { upTo: 500, price: 4 },
        ],
      }).expect(201)
    ).body as PricingAdmin;
    const method = screen.zones[0].methods.find((m) => m.name === 'Post')!;
    // Lightest first; its price is the lightest bracket's.
    expect(method).toMatchObject({
      price: 4,
      weightBrackets: [
        { upTo: 500, price: 4 },
        { upTo: 2000, price: 9 },
      ],
    });
    post = method._id;
    flat = screen.zones[0].methods.find((m) => m.name === 'Courier')!._id;
  });

  it("quotes each method by the cart's weight and leaves out one the cart is too heavy for", async () => {
    // 2 x 250 g = 500 g: the first bracket.
    const light = (await quote(2, post).expect(200)).body as Quote;
    expect(light.shippingMethods).toEqual([
      { id: post, name: 'Post', price: 4 },
      { id: flat, name: 'Courier', price: 15 },
    ]);
    expect(light).toMatchObject({ shipping: 4, total: 44 });
    // 3 x 250 g = 750 g: the second.
    expect(((await quote(3, post).expect(200)).body as Quote).shipping).toBe(9);
    // 9 x 250 g = 2250 g: over Post's last bracket, so only the courier goes.
    const heavy = (await quote(9).expect(200)).body as Quote;
    expect(heavy.shippingMethods.map((m) => m.name)).toEqual(['Courier']);
    const refused = await quote(9, post).expect(400);
    expect(refused.body.details[0].field).toBe('shippingMethod');
  });

  it('charges the weight price at payment and stores it', async () => {
    const paid = await pay(t, buyer, {
      paymentMethodNonce: 'fake-valid-nonce',
      products: [{ _id: tee, count: 3 }],
      shippingAddress: SHIPPING_ADDRESS,
      shippingMethod: post,
      amount: 69,
    }).expect(200);
    expect(paid.body.transaction.amount).toBe(69);
    const [order] = (await t.dataSource.query(`SELECT shipping_cents, shipping_method FROM orders WHERE id = $1`, [
      paid.body.order._id,
    ])) as {
      shipping_cents: number;
      shipping_method: string;
    }[];
    expect(order).toEqual({ shipping_cents: 900, shipping_method: 'Post' });
  });

  describe('a weight per variant', () => {
    let hoodie: Product;
    const variant = (size: string) => hoodie.variants!.find((v) => v.options[0] === size)!._id;
    const quoteOf = (lines: Array<[string, number]>, shippingMethod?: string) =>
      request(t.http)
        .post(api(ApiRoute.quote, { userId: buyer.user._id }))
        .set('Authorization', `Bearer ${buyer.token}`)
        .send({
          products: lines.map(([size, count]) => ({ _id: hoodie._id, count, variant: variant(size) })),
          destination: { country: 'US' },
          ...(shippingMethod ? { shippingMethod } : {}),
        });
    /** The shipping the quote charges for `lines` by the Post method. */
    const postShipping = async (lines: Array<[string, number]>) => ((await quoteOf(lines, post).expect(200)).body as Quote).shipping;
    const calls = () => productCalls(t, () => admin);
    const options = JSON.stringify([{ name: 'Size', values: [{ value: 'S' }, { value: 'XL' }] }]);
    const grid = (xl: Record<string, unknown>) =>
      JSON.stringify([
        { options: ['S'], sku: 'HOODIE-S', stock: 10 },
        { options: ['XL'], sku: 'HOODIE-XL', stock: 10, ...xl },
      ]);

    it("takes a variant's own weight through the product form (null: the product's), refusing a bad one by its entry", async () => {
      const category = await calls().category('Hoodies');
      hoodie = await calls().created(
        productForm(category, { name: 'Heavy Hoodie', price: '40', stock: '20', weight: '300', options, variants: grid({ weight: 900 }) }),
      );
      expect(hoodie.weight).toBe(300);
      expect(hoodie.variants!.map((v) => [v.sku, v.weight])).toEqual([
        ['HOODIE-S', undefined],
        ['HOODIE-XL', 900],
      ]);
      const bad = await calls()
        .update(hoodie._id, { options, variants: grid({ weight: 0 }) })
        .expect(400);
      expect(bad.body.details).toEqual([
        {
          field: 'variants[1].weight',
          message: "A weight must be whole grams from 1 to 1000000, or null for the product's (variants[1].weight)",
        },
      ]);
      // A grid sent without weights keeps each variant's own (as it keeps their own prices).
      const kept = (
        await calls()
          .update(hoodie._id, { options, variants: grid({}) })
          .expect(200)
      ).body as Product;
      expect(kept.variants!.find((v) => v.sku === 'HOODIE-XL')!.weight).toBe(900);
    });

    it("quotes each line by its variant's weight, else its product's", async () => {
      // S weighs the product's 300 g: the first bracket.
      expect(await postShipping([['S', 1]])).toBe(4);
      // S 300 g + XL 900 g = 1200 g: the second bracket (by the product's weight alone it would be 600 g, the first).
      expect(
        await postShipping([
          ['S', 1],
          ['XL', 1],
        ]),
      ).toBe(9);
      // 3 x XL = 2700 g: too heavy for Post.
      const heavy = (await quoteOf([['XL', 3]]).expect(200)).body as Quote;
      expect(heavy.shippingMethods.map((m) => m.name)).toEqual(['Courier']);
    });

    it("charges the shipping of the variants' weights at payment", async () => {
      const paid = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        products: [
          { _id: hoodie._id, count: 1, variant: variant('S') },
          { _id: hoodie._id, count: 1, variant: variant('XL') },
        ],
        shippingAddress: SHIPPING_ADDRESS,
        shippingMethod: post,
        amount: 89,
      }).expect(200);
      expect(paid.body.transaction.amount).toBe(89);
      const [order] = (await t.dataSource.query(`SELECT shipping_cents FROM orders WHERE id = $1`, [paid.body.order._id])) as {
        shipping_cents: number;
      }[];
      expect(order.shipping_cents).toBe(900);
    });

    it('weighs a variant whose weight is cleared as its product', async () => {
      const cleared = (
        await calls()
          .update(hoodie._id, { options, variants: grid({ weight: null }) })
          .expect(200)
      ).body as Product;
      expect(cleared.variants!.find((v) => v.sku === 'HOODIE-XL')!.weight).toBeUndefined();
      // 3 x 300 g = 900 g: Post's second bracket again.
      expect(await postShipping([['XL', 3]])).toBe(9);
    });

    it('migrates down (the variants weigh their products) and up again', async () => {
      const migration = new VariantWeights1764002100000();
      await calls()
        .update(hoodie._id, { options, variants: grid({ weight: 900 }) })
        .expect(200);
      await inMigrationTransaction(t.db.url, (q) => migration.down(q));
      const columns = (await t.dataSource.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'product_variants' AND column_name = 'weight_grams'`,
      )) as unknown[];
      expect(columns).toHaveLength(0);
      await inMigrationTransaction(t.db.url, (q) => migration.up(q));
      const read = (await calls().get(hoodie._id).expect(200)).body as Product;
      expect(read.variants!.map((v) => v.weight)).toEqual([undefined, undefined]);
      expect(await postShipping([['XL', 3]])).toBe(9);
      await calls()
        .update(hoodie._id, { options, variants: grid({ weight: 900 }) })
        .expect(200);
      expect(
        await postShipping([
          ['S', 1],
          ['XL', 1],
        ]),
      ).toBe(9);
    });
  });
});
