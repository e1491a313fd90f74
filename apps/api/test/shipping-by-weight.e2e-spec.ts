import { ApiRoute, type PricingAdmin, type Product, type Quote, Role, type Session } from '@store/contract';
import request from 'supertest';
import { pay, SHIPPING_ADDRESS, seedProduct } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * Shipping by weight (docs/pricing.md, "Shipping"): a product's weight set through the product form, a method
 * priced by weight brackets on the admin's Pricing routes, quoted and charged by the cart's weight.
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
});
