import { randomUUID } from 'node:crypto';
import { loadConfig } from '../src/config/env.js';
import { pgPool } from '../src/database/pg.js';
import { pay, seedProduct, stockOf } from './support/checkout-fixtures.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * The checkout's round trips (docs/performance.md, "Checkout statements"): every statement a paid two-line checkout
 * sends to Postgres, counted at the pg client, and how many of them end a transaction (a COMMIT, or a statement run
 * on its own). A regression guard: a change that adds a round trip to the hot path fails here, not in a benchmark.
 */
const MAX_STATEMENTS = 6;
const MAX_COMMITS = 2;
/**
 * The statements sent prepared (node-postgres' named statements: parsed and planned once per connection). The buyer's
 * token check, prepared too, is kept in memory after the buyer's first request (SessionCache): not among them.
 */
const MIN_PREPARED = 4;

/**
 * What is not the shop's work on the checkout: the catalogue listener's keep-alive and the test gateway's own ledger
 * (the provider's record, kept on the pool as Braintree keeps its own).
 */
const NOT_THE_CHECKOUT = [/^SELECT 1$/, /^INSERT INTO test_gateway_transactions\b/];

interface Sent {
  text: string;
  prepared: boolean;
}

describe('checkout statements (e2e)', () => {
  let t: TestApp;
  let sent: Sent[] | undefined;
  let restore: () => void;

  beforeAll(async () => {
    // No back-in-stock pass on its own timer: its statements would be counted with the checkout's.
    const base = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({ stockAlerts: { ...base.stockAlerts, passEnabled: false } });
    // Every pg client of the app shares Client.prototype.query: wrapped, it sees each statement, named or not.
    const client = await pgPool(t.dataSource).connect();
    const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    client.release();
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      if (sent && first !== undefined) {
        const config = typeof first === 'string' ? { text: first } : (first as { text: string; name?: string });
        const text = config.text.trim();
        if (!NOT_THE_CHECKOUT.some((pattern) => pattern.test(text))) sent.push({ text, prepared: typeof config.name === 'string' });
      }
      return query.apply(this, args);
    };
    restore = () => {
      proto.query = query;
    };
  });
  afterAll(async () => {
    restore();
    await t.close();
  });

  /** The statements of one paid checkout of `products` (one of each), with an Idempotency-Key. */
  async function counted(buyer: Awaited<ReturnType<typeof signedInUser>>, products: string[], cents: number): Promise<Sent[]> {
    const info = { paymentMethodNonce: 'fake-valid-nonce', amount: cents / 100, products: products.map((_id) => ({ _id, count: 1 })) };
    sent = [];
    try {
      await pay(t, buyer, info, randomUUID()).expect(200);
      return sent;
    } finally {
      sent = undefined;
    }
  }

  it(`a paid two-line checkout sends at most ${MAX_STATEMENTS} statements and ends at most ${MAX_COMMITS} transactions`, async () => {
    const buyer = await signedInUser(t);
    const a = await seedProduct(t, { name: 'Counted Tee', price: 12.5, stock: 10 });
    const b = await seedProduct(t, { name: 'Counted Hoodie', price: 30, stock: 10 });
    // A first checkout warms what a running shop has warm (the pricing rules' copy, prepared statements).
    await counted(buyer, [a, b], 4250);

    const statements = await counted(buyer, [a, b], 4250);
    let open = false;
    let commits = 0;
    for (const { text } of statements) {
      const verb = text.split(/\s+/)[0].toUpperCase();
      if (verb === 'START' || verb === 'BEGIN') open = true;
      else if (verb === 'COMMIT' || verb === 'ROLLBACK') {
        open = false;
        commits += 1;
      } else if (!open) commits += 1;
    }
    const report = statements.map(({ text, prepared }) => `${prepared ? '[prepared] ' : ''}${text.replace(/\s+/g, ' ').slice(0, 100)}`);
    console.log(`checkout: ${statements.length} statements, ${commits} commits\n${report.join('\n')}`);
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(commits).toBeLessThanOrEqual(MAX_COMMITS);
    expect(statements.filter(({ prepared }) => prepared).length).toBeGreaterThanOrEqual(MIN_PREPARED);
    expect(await stockOf(t, a)).toEqual({ stock: 8, sold: 2 });
  });
});
