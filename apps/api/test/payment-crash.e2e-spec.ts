import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import { ApiRoute, apiPath, IDEMPOTENCY_KEY_HEADER, type PaymentInfo, type Session } from '@store/contract';
import pg from 'pg';
import { freePort } from '../src/database/embedded-postgres.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The API is killed with SIGKILL while buyers check out concurrently, then restarted on the same
 * database. Every Idempotency-Key must get a real answer within a minute of the restart (a dead holder's key is
 * taken over after its lease; an order charged before the crash is completed, an uncharged one failed), units
 * sold must equal the Received orders' units, stock + sold must be unchanged, and nothing may stay Pending.
 * The API runs as a real process (from source, through swc: test/support/ts-register.mjs) so it can really die.
 */
jest.setTimeout(240_000);

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const LEASE_SECONDS = 2;
const BUYERS = 6;
const PRODUCTS = 4;
/**
 * Units of each product: enough that the kill (once 2 x IN_FLIGHT checkouts have started) comes well before the
 * stock runs out. With none left every checkout is refused before it reserves, no order is Pending to be caught, and
 * the wait for one ran out on a slow, busy machine (15 units sold out around the 40th checkout).
 */
const STOCK = 60;
/** Concurrent checkouts kept in flight until the kill. */
const IN_FLIGHT = 24;
const ANSWERS = new Set([200, 402, 409, 502]);
const GUEST_ADDRESS = { name: 'Crash Guest', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' };

function withoutOrderToken(answer: { status: number; body: unknown }): { status: number; body: unknown } {
  if (typeof answer.body !== 'object' || answer.body === null || !('orderToken' in answer.body)) return answer;
  const { orderToken: _token, ...body } = answer.body as Record<string, unknown>;
  return { status: answer.status, body };
}

interface Checkout {
  /** A signed-in buyer, or a guest's e-mail (a guest pays through the guest route, the same checkout). */
  buyer: Session | { guest: string };
  key: string;
  info: PaymentInfo;
  /** The answer before the crash, if one arrived. */
  first?: { status: number; body: unknown };
}

describe('a crash mid-payment (e2e, SIGKILL and restart)', () => {
  let db: TestDatabase;
  let sql: pg.Client;
  let port: number;
  let child: ChildProcess | undefined;
  const output: string[] = [];
  const figures: Record<string, string | number> = {};

  function startApi(): ChildProcess {
    const api = spawn(process.execPath, ['--import', './apps/api/test/support/ts-register.mjs', 'apps/api/src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        DATABASE_URL: db.url,
        JWT_SECRET: 'crash-test-secret-crash-test-secret',
        LOG_FORMAT: 'json',
        AUTH_RATE_LIMIT: '100000',
        PAYMENT_RATE_LIMIT: '100000',
        PAYMENT_GATEWAY: 'test',
        TEST_GATEWAY_LEDGER: 'postgres',
        IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
        STALE_RESERVATION_SECONDS: '10',
        SWEEP_INTERVAL_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 400) output.shift();
    };
    api.stdout!.on('data', keep);
    api.stderr!.on('data', keep);
    return api;
  }

  async function untilReady(limitMs: number): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) return;
      await sleep(200);
    }
    throw new Error(`The API did not become ready within ${limitMs} ms:\n${output.join('').slice(-3000)}`);
  }

  async function call(method: string, route: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`http://127.0.0.1:${port}/api${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(45_000),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  function pay(checkout: Checkout) {
    const { buyer } = checkout;
    if ('guest' in buyer) {
      return call(
        'POST',
        ApiRoute.guestPayment,
        { paymentInfo: { ...checkout.info, email: buyer.guest, shippingAddress: GUEST_ADDRESS } },
        { [IDEMPOTENCY_KEY_HEADER]: checkout.key },
      );
    }
    return call(
      'POST',
      apiPath(ApiRoute.payment, { userId: buyer.user._id }),
      { paymentInfo: checkout.info },
      {
        Authorization: `Bearer ${buyer.token}`,
        [IDEMPOTENCY_KEY_HEADER]: checkout.key,
      },
    );
  }

  async function totals(): Promise<Map<string, { stock: number; sold: number }>> {
    const rows = (await sql.query<{ id: string; stock: number; sold: number }>(`SELECT id, stock, sold FROM products`)).rows;
    return new Map(rows.map((row) => [row.id, { stock: row.stock, sold: row.sold }]));
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    port = await freePort();
    child = startApi();
    await untilReady(90_000);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await sql?.end().catch(() => undefined);
    await db?.drop();
    // The figures for the report (docs/security.md, "A crash mid-payment").
    console.log(`payment crash test: ${JSON.stringify(figures)}`);
  });

  it('answers every key after a restart, sells exactly what Received orders hold, and leaves nothing Pending', async () => {
    const [category] = (await sql.query<{ id: string }>(`INSERT INTO categories (name) VALUES ('Crash Tests') RETURNING id`)).rows;
    const products: { id: string; cents: number }[] = [];
    for (let i = 0; i < PRODUCTS; i += 1) {
      const cents = 1000 + i * 250 + 99;
      const [row] = (
        await sql.query<{ id: string }>(
          `INSERT INTO products (name, description, price_cents, stock, category_id) VALUES ($1, 'Crash test tee', $2, $3, $4) RETURNING id`,
          [`Crash Tee ${i}`, cents, STOCK, category.id],
        )
      ).rows;
      products.push({ id: row.id, cents });
    }
    const buyers: Session[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const email = `crash${i}-${Date.now()}@example.com`;
      const password = 'correct horse battery';
      expect((await call('POST', ApiRoute.signup, { name: `Crash Buyer ${i}`, email, password })).status).toBe(201);
      buyers.push((await call('POST', ApiRoute.signin, { email, password })).body as Session);
    }
    const before = await totals();

    let n = 0;
    const newCheckout = (): Checkout => {
      n += 1;
      const a = products[n % PRODUCTS];
      const b = products[(n * 7 + 1) % PRODUCTS];
      const lines =
        a.id === b.id
          ? [{ _id: a.id, count: 2 }]
          : [
              { _id: a.id, count: 1 },
              { _id: b.id, count: 1 },
            ];
      const cents = lines.reduce((sum, line) => sum + products.find((p) => p.id === line._id)!.cents * line.count, 0);
      // Every 9th card is declined (a sandbox decline nonce), so the crash meets every outcome.
      const nonce = n % 9 === 0 ? 'fake-processor-declined-visa-nonce' : 'fake-valid-nonce';
      // Every third checkout is a guest's (one of three e-mails), so a guest's key and order are recovered too.
      const buyer = n % 3 === 0 ? { guest: `crash-guest${n % 9}@example.com` } : buyers[n % BUYERS];
      return { buyer, key: randomUUID(), info: { paymentMethodNonce: nonce, amount: cents / 100, products: lines } };
    };

    // Keep IN_FLIGHT checkouts running; kill the API while reservations are Pending.
    const checkouts: Checkout[] = [];
    let killed = false;
    const lane = async () => {
      while (!killed) {
        const checkout = newCheckout();
        checkouts.push(checkout);
        try {
          checkout.first = await pay(checkout);
        } catch {
          return; // the connection died with the API
        }
      }
    };
    const lanes = Array.from({ length: IN_FLIGHT }, () => lane());
    const started = Date.now();
    let pendingAtKill = 0;
    while (Date.now() - started < 20_000) {
      if (checkouts.length > IN_FLIGHT * 2) {
        pendingAtKill = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE status = 'Pending'`)).rows[0].n;
        if (pendingAtKill > 0) break;
      }
      await sleep(2);
    }
    killed = true;
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    await Promise.all(lanes);
    const unanswered = checkouts.filter((c) => c.first === undefined);
    const openKeys = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_idempotency_keys WHERE status_code IS NULL`))
      .rows[0].n;
    Object.assign(figures, {
      checkouts: checkouts.length,
      unansweredAtKill: unanswered.length,
      pendingOrdersAtKill: pendingAtKill,
      openKeysAtKill: openKeys,
    });
    expect(unanswered.length).toBeGreaterThan(0);
    expect(pendingAtKill).toBeGreaterThan(0);

    // Restart on the same database; every buyer retries with the same key and body until a real answer comes.
    child = startApi();
    const restartedAt = Date.now();
    await untilReady(90_000);
    figures.restartMs = Date.now() - restartedAt;
    const answeredAt: number[] = [];
    await Promise.all(
      checkouts.map(async (checkout) => {
        for (;;) {
          const answer = await pay(checkout).catch(() => undefined);
          if (
            answer &&
            ANSWERS.has(answer.status) &&
            !(answer.status === 409 && /still being processed/.test(JSON.stringify(answer.body)))
          ) {
            // An answer given before the crash is the answer for good (a guest's first one also had its order link's
            // token, which is never stored: the replay comes without it).
            if (checkout.first) expect(answer).toEqual(withoutOrderToken(checkout.first));
            checkout.first = answer;
            answeredAt.push(Date.now() - restartedAt);
            return;
          }
          // 502 is an answer (the provider failed, or nothing was charged); any other 5xx is a defect.
          if (answer && answer.status >= 500) expect(answer).toEqual({ status: 502, body: expect.anything() });
          if (Date.now() - restartedAt > 60_000)
            throw new Error(`Key ${checkout.key} got no answer within a minute: ${JSON.stringify(answer)}`);
          await sleep(250);
        }
      }),
    );
    figures.retriesAnswered = answeredAt.length;
    figures.lastAnswerMsAfterRestart = Math.max(...answeredAt);
    const byStatus: Record<number, number> = {};
    for (const checkout of checkouts) byStatus[checkout.first!.status] = (byStatus[checkout.first!.status] ?? 0) + 1;
    figures.answers = JSON.stringify(byStatus);
    expect(answeredAt).toHaveLength(checkouts.length);

    // After the lease (and a sweep), nothing is Pending; sold = Received units; stock + sold unchanged; one charge per Received order.
    await sleep((LEASE_SECONDS + 2) * 1000);
    const pending = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE status = 'Pending'`)).rows[0].n;
    expect(pending).toBe(0);
    const received = (
      await sql.query<{ product_id: string; units: number }>(
        `SELECT l.product_id, sum(l.count)::int AS units FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status = 'Received' GROUP BY l.product_id`,
      )
    ).rows;
    const after = await totals();
    for (const product of products) {
      const units = received.find((r) => r.product_id === product.id)?.units ?? 0;
      expect({ product: product.id, sold: after.get(product.id)!.sold }).toEqual({ product: product.id, sold: units });
      expect(after.get(product.id)!.stock + after.get(product.id)!.sold).toBe(before.get(product.id)!.stock + before.get(product.id)!.sold);
    }
    const charges = (
      await sql.query<{ orders: number; charges: number; unmatched: number }>(
        `SELECT (SELECT count(*)::int FROM orders WHERE status = 'Received') AS orders,
                (SELECT count(*)::int FROM test_gateway_transactions) AS charges,
                (SELECT count(*)::int FROM orders o WHERE o.status = 'Received'
                   AND NOT EXISTS (SELECT 1 FROM test_gateway_transactions t WHERE t.transaction_id = o.transaction_id AND t.order_id = o.id::text)) AS unmatched`,
      )
    ).rows[0];
    figures.receivedOrders = charges.orders;
    figures.charges = charges.charges;
    expect(charges).toEqual({ orders: charges.charges, charges: charges.charges, unmatched: 0 });
    // Every 200 answer names a Received order.
    const paidIds = checkouts.filter((c) => c.first!.status === 200).map((c) => (c.first!.body as { order: { _id: string } }).order._id);
    expect(new Set(paidIds).size).toBe(charges.orders);
    // Guests' orders, completed before the crash or by the recovery alike, have their link and its mail: one each.
    const guests = (
      await sql.query<{ orders: number; linked: number; mailed: number }>(
        `SELECT count(*)::int AS orders, count(o.guest_token_hash)::int AS linked,
                (SELECT count(*)::int FROM mail_outbox m JOIN orders g ON g.id = m.order_id
                  WHERE g.guest_email IS NOT NULL AND m.kind = 'order-confirmation' AND m.text_body LIKE '%/guest/order#%') AS mailed
           FROM orders o WHERE o.status = 'Received' AND o.guest_email IS NOT NULL`,
      )
    ).rows[0];
    figures.guestOrders = guests.orders;
    expect(guests.orders).toBeGreaterThan(0);
    expect(guests).toEqual({ orders: guests.orders, linked: guests.orders, mailed: guests.orders });
  });
});
