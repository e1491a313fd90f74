import { jest } from '@jest/globals';
import { ApiRoute, Role, type Session } from '@store/contract';
import pg from 'pg';
import request from 'supertest';
import { loadConfig } from '../src/config/env.js';
import { seedProduct } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * The quote's statements (docs/performance.md, "Pricing"): a regression guard on what a quote sends to Postgres,
 * not on its time. Every statement of the process goes through pg's Client.query (the pool's and TypeORM's alike).
 */
describe('the statements of a quote (e2e)', () => {
  let t: TestApp;
  let buyer: Session;
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

  const quote = (body: object) =>
    request(t.http)
      .post(api(ApiRoute.quote, { userId: buyer.user._id }))
      .set('Authorization', `Bearer ${buyer.token}`)
      .send(body)
      .expect(200);
  const cart = () => [
    { _id: tee, count: 2 },
    { _id: mug, count: 1 },
  ];

  it("reads a two-line quote in two statements, the signed-in buyer's token check and its products; a code adds one", async () => {
    // The shop's rules come from the process's copy (PRICING_RULES_CACHE_SECONDS): the first quote reads them.
    await quote({ products: cart() });
    const plain = await statementsOf(() => quote({ products: cart() }));
    expect(plain).toHaveLength(2);
    expect(plain[0]).toMatch(/FROM users u WHERE u\.id = \$1$/);
    expect(plain[1]).toMatch(/FROM products p WHERE p\.id = ANY\(\$1::uuid\[\]\)$/);
    const withCode = await statementsOf(() => quote({ products: cart(), discountCode: 'counted' }));
    expect(withCode).toHaveLength(3);
    expect(withCode.filter((sql) => /FROM discount_codes d/.test(sql))).toHaveLength(1);
  });

  it("reads a guest's two-line quote in one statement", async () => {
    await request(t.http).post(api(ApiRoute.guestQuote, {})).send({ products: cart() }).expect(200);
    const guest = await statementsOf(() => request(t.http).post(api(ApiRoute.guestQuote, {})).send({ products: cart() }).expect(200));
    expect(guest).toHaveLength(1);
  });
});
