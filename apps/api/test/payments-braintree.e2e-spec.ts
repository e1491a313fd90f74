import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApiRoute, type Session } from '@store/contract';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { type BraintreeFake, startBraintreeFake } from './support/braintree-fake.js';
import { orderStatusCounts, pay, seedProduct, stockOf } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** Checkout through the Braintree adapter and the real SDK, against the local fake of Braintree's HTTP API. */
describe('payments (e2e, Braintree adapter)', () => {
  let fake: BraintreeFake;
  let t: TestApp;
  let buyer: Session;

  beforeAll(async () => {
    // Provider failures are logged as errors by design; keep the test output readable.
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    fake = await startBraintreeFake();
    t = await createTestApp({ braintree: fake.config });
    buyer = await signedInUser(t);
  });
  afterAll(async () => {
    // The fake first: a test that failed while a sale was held leaves the app waiting on it, which its close would
    // wait for; closing the fake's connections ends that wait at once.
    await fake.close();
    await t.close();
  });
  afterEach(() => fake.failWith(undefined));

  it('hands out Braintree client tokens', async () => {
    const response = await request(t.http)
      .get(api(ApiRoute.paymentToken, { userId: buyer.user._id }))
      .set('Authorization', `Bearer ${buyer.token}`)
      .expect(200);
    expect(response.body).toEqual({ clientToken: expect.any(String), gateway: 'braintree' });
    expect(fake.requests.at(-1)!.path).toBe('/merchants/fake_merchant/client_token');
  });

  it('answers 502 for a client token when Braintree is down', async () => {
    fake.failWith(503);
    const response = await request(t.http)
      .get(api(ApiRoute.paymentToken, { userId: buyer.user._id }))
      .set('Authorization', `Bearer ${buyer.token}`)
      .expect(502);
    expect(response.body.code).toBe('PAYMENT_PROVIDER_ERROR');
  });

  it('charges the database total in dollars with our order id, submitted for settlement', async () => {
    const tee = await seedProduct(t, { name: 'Braintree Tee', price: 12.5, stock: 4 });
    const response = await pay(t, buyer, {
      paymentMethodNonce: 'fake-valid-visa-nonce',
      amount: 25,
      products: [{ _id: tee, count: 2 }],
    }).expect(200);
    expect(fake.sales.at(-1)).toEqual({
      amount: '25.00',
      payment_method_nonce: 'fake-valid-visa-nonce',
      order_id: response.body.order._id,
      options: { submit_for_settlement: true },
      type: 'sale',
    });
    expect(response.body).toEqual({
      success: true,
      transaction: { id: expect.any(String), amount: 25, status: 'submitted_for_settlement' },
      order: { _id: response.body.order._id, status: 'Received', amount: 25 },
    });
    const [order] = (await t.dataSource.query(`SELECT status, transaction_id FROM orders WHERE id = $1`, [response.body.order._id])) as {
      status: string;
      transaction_id: string;
    }[];
    expect(order).toEqual({ status: 'Received', transaction_id: response.body.transaction.id });
    expect(await stockOf(t, tee)).toEqual({ stock: 2, sold: 2 });
  });

  it.each([
    ['a processor decline', 'fake-processor-declined-visa-nonce', 'Your card was declined: Do Not Honor'],
    ['a validation error', 'fake-consumed-nonce', 'Your card was declined: Cannot use a payment_method_nonce more than once.'],
  ])('answers %s with 402 and releases the stock', async (_, nonce, error) => {
    const tee = await seedProduct(t, { name: `Braintree ${nonce.slice(5, 14)} Tee`, price: 9, stock: 1 });
    const response = await pay(t, buyer, { paymentMethodNonce: nonce, amount: 9, products: [{ _id: tee, count: 1 }] }).expect(402);
    expect(response.body).toEqual({ success: false, error, code: 'PAYMENT_DECLINED' });
    expect(await stockOf(t, tee)).toEqual({ stock: 1, sold: 0 });
  });

  it('answers 502 when Braintree is down, releases the stock, and places no order', async () => {
    const tee = await seedProduct(t, { name: 'Braintree Down Tee', price: 9, stock: 1 });
    const before = await orderStatusCounts(t);
    fake.failWith(503);
    const response = await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 9, products: [{ _id: tee, count: 1 }] }).expect(
      502,
    );
    expect(response.body).toEqual({
      error: 'The payment provider could not be reached; you have not been charged',
      code: 'PAYMENT_PROVIDER_ERROR',
    });
    expect(await stockOf(t, tee)).toEqual({ stock: 1, sold: 0 });
    expect(await orderStatusCounts(t)).toEqual({ ...before, Failed: (before.Failed ?? 0) + 1 });
  });

  it('holds the stock while the charge runs, with no transaction open, and answers a concurrent retry with the first answer', async () => {
    const tee = await seedProduct(t, { name: 'Slow Braintree Tee', price: 11, stock: 1 });
    const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 11, products: [{ _id: tee, count: 1 }] };
    const key = randomUUID();
    const salesBefore = fake.sales.length;
    const held = fake.holdNextSale();
    const first = pay(t, buyer, info, key).then((r) => r);
    await held.received;

    // While Braintree thinks, the item is reserved, and the database has no transaction left open. The app's own
    // background passes (the outbox, the sweepers) may be caught between two statements of a short transaction of
    // theirs, so the count is read until it is 0: a transaction the checkout held through the charge would be open
    // at every reading, as the charge stays held until released below.
    expect(await stockOf(t, tee)).toEqual({ stock: 0, sold: 0 });
    const openTransactions = async () =>
      (
        (await t.dataSource.query(
          `SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        )) as { open: number }[]
      )[0].open;
    let open = await openTransactions();
    for (let reading = 1; open > 0 && reading < 20; reading++) {
      await sleep(50);
      open = await openTransactions();
    }
    expect(open).toBe(0);
    const other = await signedInUser(t);
    const outbid = await pay(t, other, info).expect(409);
    expect(outbid.body.error).toBe('"Slow Braintree Tee" is out of stock');

    // The retry arrives while the first request is still waiting on Braintree; it must wait for that answer.
    const retry = pay(t, buyer, info, key).then((r) => r);
    await sleep(200);
    held.release();
    const [a, b] = await Promise.all([first, retry]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(fake.sales.length - salesBefore).toBe(1);
    expect(await stockOf(t, tee)).toEqual({ stock: 0, sold: 1 });
  });
});

describe('payments (e2e, Braintree unreachable)', () => {
  it('answers 502 and releases the stock when nothing listens at the Braintree address', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const gone = await startBraintreeFake();
    await gone.close();
    const t = await createTestApp({ braintree: gone.config });
    try {
      const buyer = await signedInUser(t);
      const tee = await seedProduct(t, { name: 'Unreachable Tee', price: 9, stock: 1 });
      const response = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 9,
        products: [{ _id: tee, count: 1 }],
      }).expect(502);
      expect(response.body.code).toBe('PAYMENT_PROVIDER_ERROR');
      expect(await stockOf(t, tee)).toEqual({ stock: 1, sold: 0 });
      expect(await orderStatusCounts(t)).toEqual({ Failed: 1 });
    } finally {
      await t.close();
    }
  });
});
