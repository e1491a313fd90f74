import { jest } from '@jest/globals';
import { ApiRoute, type Category, type Quote, Role, type Session } from '@store/contract';
import pg from 'pg';
import request from 'supertest';
import { loadConfig } from '../src/config/env.js';
import { ProductChoicesCache } from '../src/modules/inventory/product-choices.cache.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { catalogueNotificationsDelivered, notificationHeard } from './support/notifications.js';
import { seedProduct } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * The quote's statements (docs/performance.md, "Pricing"): a regression guard on what a quote sends to Postgres,
 * not on its time. The products come from the process's copy (read once, then from memory), the shop's rules from
 * theirs, the buyer's token check from the session cache's (docs/security.md, "Sessions kept in memory"); what stays live per
 * request is the code with the buyer's uses. Every
 * statement of the process goes through pg's Client.query (the pool's and TypeORM's alike).
 */
describe('the statements of a quote (e2e)', () => {
  let t: TestApp;
  let buyer: Session & { password: string };
  let tee: string;
  let mug: string;

  beforeAll(async () => {
    // No back-in-stock pass on the catalogue's notifications: the statements counted are the quote's own.
    t = await createTestApp({ stockAlerts: { ...loadConfig({ NODE_ENV: 'test' }).stockAlerts, passEnabled: false } });
    const admin = await signedInUser(t, Role.Admin);
    buyer = await signedInUser(t);
    tee = await seedProduct(t, { name: 'Counted Tee', price: 19.99, stock: 100 });
    mug = await seedProduct(t, { name: 'Counted Mug', price: 10.01, stock: 100 });
    await request(t.http)
      .post(api(ApiRoute.discountCodeCreate, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ code: 'COUNTED', kind: 'percentage', value: 10 })
      .expect(201);
    // The seeding's notifications delivered: none drops the quote's products between a test's two quotes.
    await catalogueNotificationsDelivered(t);
  });
  afterAll(() => t.close());

  /** The SQL of every statement sent while `work` ran (the change listener's idle pings left out). */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const sent = jest.spyOn(pg.Client.prototype, 'query');
    try {
      await work();
      return sent.mock.calls
        .map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text).replace(/\s+/g, ' ').trim())
        .filter((sql) => sql !== 'SELECT 1');
    } finally {
      sent.mockRestore();
    }
  }

  const quote = (body: object, as: Session = buyer) =>
    request(t.http)
      .post(api(ApiRoute.quote, { userId: as.user._id }))
      .set('Authorization', `Bearer ${as.token}`)
      .send(body)
      .expect(200);
  const cart = () => [
    { _id: tee, count: 2 },
    { _id: mug, count: 1 },
  ];

  it("reads a signed-in two-line quote in no statement, a new token's first in one (its check); a code adds one, the code and the buyer's uses", async () => {
    await quote({ products: cart() });
    expect(await statementsOf(() => quote({ products: cart() }))).toEqual([]);
    // Another token of the same buyer (a second device): checked on its first request, kept after (SessionCache).
    const second = (await request(t.http).post('/api/signin').send({ email: buyer.user.email, password: buyer.password }).expect(200))
      .body as Session;
    const checked = await statementsOf(() => quote({ products: cart() }, second));
    expect(checked).toHaveLength(1);
    expect(checked[0]).toMatch(/FROM users u WHERE u\.id = \$1$/);
    expect(await statementsOf(() => quote({ products: cart() }, second))).toEqual([]);
    const withCode = await statementsOf(() => quote({ products: cart(), discountCode: 'counted' }));
    expect(withCode).toHaveLength(1);
    expect(withCode[0]).toMatch(/FROM discount_codes d/);
  });

  it("reads a guest's two-line quote in no statement, and its code in one", async () => {
    const guestQuote = (body: object) => request(t.http).post(api(ApiRoute.guestQuote, {})).send(body).expect(200);
    await guestQuote({ products: cart() });
    expect(await statementsOf(() => guestQuote({ products: cart() }))).toEqual([]);
    const withCode = await statementsOf(() => guestQuote({ products: cart(), discountCode: 'counted', email: 'guest@example.com' }));
    expect(withCode).toHaveLength(1);
    expect(withCode[0]).toMatch(/FROM discount_codes d/);
  });

  it("reads products it does not hold yet in one statement, all of the cart's at once", async () => {
    const cap = await seedProduct(t, { name: 'Counted Cap', price: 7, stock: 100 });
    const sock = await seedProduct(t, { name: 'Counted Sock', price: 3, stock: 100 });
    await catalogueNotificationsDelivered(t);
    const products = [
      { _id: cap, count: 1 },
      { _id: sock, count: 1 },
      { _id: tee, count: 1 },
    ];
    const first = await statementsOf(() => quote({ products }));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/FROM products p WHERE p\.id = ANY\(\$1::uuid\[\]\)$/);
    expect(await statementsOf(() => quote({ products }))).toEqual([]);
  });
});

/**
 * Where the quote's products come from (docs/pricing.md, "Caching and speed"): the process's copy of the catalogue,
 * as fresh as the product page's (a change's notification), a sale's stock move leaving it as it is.
 */
describe("the quote's products in memory (e2e)", () => {
  let t: TestApp;
  let other: TestApp;
  let admin: Session;
  let buyer: Session & { password: string };
  let calls: ReturnType<typeof productCalls>;
  let category: Category;

  beforeAll(async () => {
    t = await createTestApp();
    // Another replica on the same database: its writes reach `t` only by their notification.
    other = await createTestApp({}, t.db);
    admin = await signedInUser(t, Role.Admin);
    buyer = await signedInUser(t);
    calls = productCalls(t, () => admin);
    category = await calls.category('Quoted Tees');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const quote = (productId: string, extra: object = {}) =>
    request(t.http)
      .post(api(ApiRoute.quote, { userId: buyer.user._id }))
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ products: [{ _id: productId, count: 1, ...extra }] })
      .expect(200)
      .then((response) => response.body as Quote);
  const held = () => t.app.get(ProductChoicesCache).stats().products;
  const heard = (payload: string) => notificationHeard(t, payload);

  it("shows this process's own edit of a price at once, and another replica's once its notification is delivered", async () => {
    const product = await calls.created(productForm(category, { name: 'Quoted Tee', price: '20', stock: '5' }));
    // The creation's own notification delivered first: arriving after the quote, it would drop what the quote kept.
    await catalogueNotificationsDelivered(t);
    expect((await quote(product._id)).total).toBe(20);
    expect(held()).toBeGreaterThan(0);
    // This process's write: the next quote prices the new price, no notification awaited.
    await calls.update(product._id, { price: '21' }).expect(200);
    expect((await quote(product._id)).total).toBe(21);
    // Another replica's write: seen once its NOTIFY is delivered (the product page's bound too).
    await request(other.http)
      .put(api(ApiRoute.productUpdate, { productId: product._id, userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .field('price', '22')
      .expect(200);
    await catalogueNotificationsDelivered(t);
    expect((await quote(product._id)).total).toBe(22);
  });

  it("keeps its products through a sale's stock move (nothing it holds shows stock) and drops them for any other write", async () => {
    const product = await calls.created(productForm(category, { name: 'Sold Tee', price: '9', stock: '5' }));
    await catalogueNotificationsDelivered(t);
    await quote(product._id);
    const before = held();
    expect(before).toBeGreaterThan(0);
    const stock = heard('stock');
    await t.dataSource.query(`UPDATE product_variants SET stock = stock - 1 WHERE product_id = $1`, [product._id]);
    await stock;
    expect(held()).toBe(before);
    const lists = heard('lists');
    await t.dataSource.query(`UPDATE product_variants SET price_cents = 1000 WHERE product_id = $1`, [product._id]);
    await lists;
    expect(held()).toBe(0);
    expect((await quote(product._id)).total).toBe(10);
  });
});
