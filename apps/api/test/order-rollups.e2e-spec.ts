import { ApiRoute, Role, type Session } from '@store/contract';
import pg from 'pg';
import request from 'supertest';
import { inMigrationTransaction } from './support/test-database.js';
import { OrderRollupShards1764000600000 } from '../src/database/migrations/1764000600000-order-rollup-shards.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { TestGateway } from '../src/modules/payments/test.gateway.js';
import { paidOrder, seedProduct, setOrderStatus } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * The sales rollups (order_daily_totals, order_status_totals) are spread over shards, one per database connection,
 * so checkouts on different connections never wait on each other's rollup rows, and their sums stay exact.
 */
describe('order rollups over shards (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  let tee: string;
  let cap: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, buyer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t)]);
    tee = await seedProduct(t, { name: 'Rollup Tee', price: 12.5, stock: 500 });
    cap = await seedProduct(t, { name: 'Rollup Cap', price: 5, stock: 500 });
  });
  afterAll(() => t.close());

  /** A paid order of `count` tees and a cap (two lines, so a line can be refunded on its own), its charge settled. */
  async function buy(count = 1): Promise<string> {
    const { orderId, transactionId } = await paidOrder(t, buyer, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 12.5 * count + 5,
      products: [
        { _id: tee, count },
        { _id: cap, count: 1 },
      ],
    });
    (t.app.get(PaymentGateway) as TestGateway).settle(transactionId);
    return orderId;
  }

  /** The rollups summed over their shards, beside the same figures computed from the orders themselves. */
  async function rollupsAndTruth(): Promise<{ rollups: unknown; truth: unknown }> {
    const [rollups] = (await t.dataSource.query(`
      SELECT (SELECT json_object_agg(day, json_build_array(o, c, r)) FROM
                (SELECT day, sum(orders)::int AS o, sum(cancelled)::int AS c, sum(revenue_cents)::bigint AS r
                 FROM order_daily_totals GROUP BY day HAVING sum(orders) <> 0) d) AS days,
             (SELECT json_object_agg(status, n) FROM
                (SELECT status, sum(orders)::int AS n FROM order_status_totals GROUP BY status HAVING sum(orders) <> 0) s) AS statuses`)) as unknown[];
    const [truth] = (await t.dataSource.query(`
      WITH paid AS (
        SELECT o.*, (SELECT coalesce(sum(refund_cents), 0) FROM order_lines l WHERE l.order_id = o.id) AS refunded
        FROM orders o WHERE o.status NOT IN ('Pending', 'Failed'))
      SELECT (SELECT json_object_agg(day, json_build_array(o, c, r)) FROM
                (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS o,
                        count(*) FILTER (WHERE status = 'Cancelled')::int AS c,
                        coalesce(sum(amount_cents - refunded) FILTER (WHERE status <> 'Cancelled'), 0)::bigint AS r
                 FROM paid GROUP BY 1) d) AS days,
             (SELECT json_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM paid GROUP BY status) s) AS statuses`)) as unknown[];
    return { rollups, truth };
  }

  /** A connection of its own to the test database, and the rollup shard it writes. */
  async function connection(): Promise<{ client: pg.Client; shard: number }> {
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ shard: number }>(`SELECT order_rollup_shard() AS shard`);
    return { client, shard: rows[0].shard };
  }

  it('lets two connections mark orders paid at once: neither waits on the other for a rollup row', async () => {
    const [first, second] = [await buy(), await buy()];
    const a = await connection();
    // Another connection that writes another shard (two backends whose pids share a remainder are possible).
    const tried: pg.Client[] = [];
    let b = await connection();
    while (b.shard === a.shard && tried.length < 16) {
      tried.push(b.client);
      b = await connection();
    }
    try {
      expect(b.shard).not.toBe(a.shard);
      await a.client.query('BEGIN');
      await a.client.query(`UPDATE orders SET status = 'Processing' WHERE id = $1`, [first]);
      // A holds its shard's rows of today and of Received and Processing until it commits. With one row per day,
      // B's update waited for A's commit: here the lock timeout would end it with 55P03 instead.
      await b.client.query('BEGIN');
      await b.client.query(`SET LOCAL lock_timeout = '5s'`);
      await expect(b.client.query(`UPDATE orders SET status = 'Processing' WHERE id = $1`, [second])).resolves.toMatchObject({
        rowCount: 1,
      });
      await b.client.query('COMMIT');
      await a.client.query('COMMIT');
    } finally {
      await Promise.all([a.client, b.client, ...tried].map((client) => client.end()));
    }
    const { rollups, truth } = await rollupsAndTruth();
    expect(rollups).toEqual(truth);
  });

  it('keeps every total exact under concurrent checkouts, status moves, cancels and line refunds', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, (_, i) => buy(1 + (i % 3))));
    await Promise.all([
      ...orders.slice(0, 3).map((id) => setOrderStatus(t, admin, id, 'Processing').expect(200)),
      ...orders.slice(3, 5).map((id) => setOrderStatus(t, admin, id, 'Cancelled').expect(200)),
      ...orders.slice(5, 8).map((id) =>
        request(t.http)
          .post(api(ApiRoute.orderLineRefund, { orderId: id, userId: admin.user._id }))
          .set('Authorization', `Bearer ${admin.token}`)
          .send({ product: tee })
          .expect(200),
      ),
    ]);
    const { rollups, truth } = await rollupsAndTruth();
    expect(rollups).toEqual(truth);
    // The writes were spread: today's figures sit on more than one shard.
    const [{ shards }] = (await t.dataSource.query(
      `SELECT count(*)::int AS shards FROM order_daily_totals WHERE day = (now() AT TIME ZONE 'UTC')::date`,
    )) as { shards: number }[];
    expect(shards).toBeGreaterThan(1);
    // What the admin reads: the sales overview's today and the status filter's total.
    const overview = await request(t.http)
      .get(api(ApiRoute.ordersOverview, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    const today = (truth as { days: Record<string, [number, number, number]> }).days[new Date().toISOString().slice(0, 10)];
    expect(overview.body.periods[0]).toMatchObject({ period: 'today', orders: today[0], cancelled: today[1], revenue: today[2] / 100 });
  });

  it('reverts to one row per day and status with the same sums, and spreads them again', async () => {
    const before = await rollupsAndTruth();
    const migration = new OrderRollupShards1764000600000();
    await inMigrationTransaction(t.config.databaseUrl, async (runner) => {
      await migration.down(runner);
      const [{ duplicates }] = (await runner.query(
        `SELECT (SELECT count(*) - count(DISTINCT day) FROM order_daily_totals)::int AS duplicates`,
      )) as { duplicates: number }[];
      expect(duplicates).toBe(0);
      const reverted = (await runner.query(`SELECT status, orders FROM order_status_totals WHERE orders <> 0`)) as {
        status: string;
        orders: number;
      }[];
      expect(Object.fromEntries(reverted.map((row) => [row.status, row.orders]))).toEqual((before.truth as { statuses: unknown }).statuses);
      await migration.up(runner);
    });
    // Spread again, and still exact for the next order.
    await buy(2);
    const after = await rollupsAndTruth();
    expect(after.rollups).toEqual(after.truth);
  });
});
