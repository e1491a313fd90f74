import { randomUUID } from 'node:crypto';
import { ApiRoute, IDEMPOTENCY_KEY_HEADER } from '@store/contract';
import request from 'supertest';
import { guestKeyOwner } from '../src/modules/payments/guest-buyer.js';
import { orderStatusCounts, pay, seedProduct, stockOf } from './support/checkout-fixtures.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * The checkout's first statement (docs/performance.md, "Checkout statements"): the attempt counted and the
 * Idempotency-Key claimed in the reservation's own transaction, for the order it is about to insert. What that must
 * keep: a rate-limited attempt claims and reserves nothing; a reservation that fails leaves no key behind (a retry
 * checks out at once); a refused cart's answer is the key's, also for retries that arrive while it is refused.
 */
const LIMIT = 3;

describe('checkout: the key claimed in the reservation (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ paymentRateLimit: LIMIT });
  });
  afterAll(async () => {
    await t.close();
  });

  async function keyRow(userId: string, key: string): Promise<{ order_id: string | null; status_code: number | null } | undefined> {
    const [row] = (await t.dataSource.query(`SELECT order_id, status_code FROM payment_idempotency_keys WHERE user_id = $1 AND key = $2`, [
      userId,
      key,
    ])) as { order_id: string | null; status_code: number | null }[];
    return row;
  }

  it('ties the key to its order in the reservation, and answers it once paid', async () => {
    const buyer = await signedInUser(t);
    const tee = await seedProduct(t, { name: 'Claimed Tee', price: 10, stock: 5 });
    const key = randomUUID();
    const paid = await pay(
      t,
      buyer,
      { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: tee, count: 1 }] },
      key,
    ).expect(200);
    expect(await keyRow(buyer.user._id, key)).toEqual({ order_id: paid.body.order._id, status_code: 200 });
  });

  it('counts a rate-limited attempt but claims no key and reserves nothing', async () => {
    const buyer = await signedInUser(t);
    const tee = await seedProduct(t, { name: 'Limited Tee', price: 10, stock: 50 });
    const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: tee, count: 1 }] };
    for (let i = 0; i < LIMIT; i += 1) await pay(t, buyer, info, randomUUID()).expect(200);
    const key = randomUUID();
    const limited = await pay(t, buyer, info, key).expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await keyRow(buyer.user._id, key)).toBeUndefined();
    expect(await stockOf(t, tee)).toEqual({ stock: 50 - LIMIT, sold: LIMIT });
    // Counted: the next attempt, a replay of a paid key included, is refused too.
    await pay(t, buyer, info, key).expect(429);
  });

  it('leaves no key when the reservation fails, so a retry with the key checks out at once', async () => {
    const buyer = await signedInUser(t);
    const tee = await seedProduct(t, { name: 'Broken Insert Tee', price: 12, stock: 5 });
    const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 12, products: [{ _id: tee, count: 1 }] };
    const key = randomUUID();
    // The order's insert fails (a database fault in the middle of the reservation): the whole transaction rolls back.
    await t.dataSource.query(`ALTER TABLE orders ADD CONSTRAINT checkout_claim_fault CHECK (amount_cents <> 1200) NOT VALID`);
    try {
      const failed = await pay(t, buyer, info, key);
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await t.dataSource.query(`ALTER TABLE orders DROP CONSTRAINT checkout_claim_fault`);
    }
    expect(await keyRow(buyer.user._id, key)).toBeUndefined();
    expect(await stockOf(t, tee)).toEqual({ stock: 5, sold: 0 });
    const paid = await pay(t, buyer, info, key).expect(200);
    expect(await keyRow(buyer.user._id, key)).toEqual({ order_id: paid.body.order._id, status_code: 200 });
    expect(await stockOf(t, tee)).toEqual({ stock: 4, sold: 1 });
  });

  it("stores a refused cart's answer on the key, the same for retries arriving together", async () => {
    const buyer = await signedInUser(t);
    const tee = await seedProduct(t, { name: 'Refused Together Tee', price: 9, stock: 1 });
    const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 18, products: [{ _id: tee, count: 2 }] };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 3 }, () => pay(t, buyer, info, key)));
    expect(answers.map((answer) => answer.status)).toEqual([409, 409, 409]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    expect(await keyRow(buyer.user._id, key)).toEqual({ order_id: null, status_code: 409 });
    expect(await stockOf(t, tee)).toEqual({ stock: 1, sold: 0 });
    expect(await orderStatusCounts(t)).not.toHaveProperty('Pending');
  });

  it("claims a guest's key in the reservation too, and a retry gets the first answer", async () => {
    const tee = await seedProduct(t, { name: 'Guest Claimed Tee', price: 7, stock: 5 });
    const email = `guest-${randomUUID()}@example.com`;
    const key = randomUUID();
    const send = () =>
      request(t.http)
        .post(`/api${ApiRoute.guestPayment}`)
        .set(IDEMPOTENCY_KEY_HEADER, key)
        .send({
          paymentInfo: {
            email,
            paymentMethodNonce: 'fake-valid-nonce',
            amount: 7,
            products: [{ _id: tee, count: 1 }],
            shippingAddress: { name: 'Gus Guest', line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' },
          },
        });
    const first = await send().expect(200);
    const retry = await send().expect(200);
    expect(retry.body.order).toEqual(first.body.order);
    expect(await keyRow(guestKeyOwner(email), key)).toEqual({ order_id: first.body.order._id, status_code: 200 });
    expect(await stockOf(t, tee)).toEqual({ stock: 4, sold: 1 });
  });
});
