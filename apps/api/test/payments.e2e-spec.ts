import { ApiRoute, type Order, type Session } from '@store/contract';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PaymentsService } from '../src/modules/payments/payments.service.js';
import { orderStatusCounts, pay, seedProduct, stockOf } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** Checkout on the offline test gateway (the default with no BRAINTREE_* keys), on a real Postgres. */
describe('payments (e2e, test gateway)', () => {
  let t: TestApp;
  let buyer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await signedInUser(t);
  });
  afterAll(() => t.close());

  const ordersOf = async (session: Session): Promise<Order[]> =>
    (
      await request(t.http)
        .get(api(ApiRoute.ordersOfUser, { userId: session.user._id }))
        .set('Authorization', `Bearer ${session.token}`)
        .expect(200)
    ).body as Order[];

  describe('client token', () => {
    it('answers a client token and names the test gateway', async () => {
      const response = await request(t.http)
        .get(api(ApiRoute.paymentToken, { userId: buyer.user._id }))
        .set('Authorization', `Bearer ${buyer.token}`)
        .expect(200);
      expect(response.body).toEqual({ clientToken: expect.stringMatching(/\S{16,}/), gateway: 'test' });
    });

    it('is for the signed-in user only', async () => {
      const other = await signedInUser(t);
      await request(t.http)
        .get(api(ApiRoute.paymentToken, { userId: other.user._id }))
        .set('Authorization', `Bearer ${buyer.token}`)
        .expect(403);
      await request(t.http)
        .get(api(ApiRoute.paymentToken, { userId: buyer.user._id }))
        .expect(401);
    });
  });

  describe('refusals before any charge', () => {
    let tee: string;
    beforeAll(async () => {
      tee = await seedProduct(t, { name: 'Refusal Tee', price: 12.5, stock: 5 });
    });

    it.each([
      ['no paymentInfo', undefined],
      ['an empty nonce', { paymentMethodNonce: '', amount: 12.5, products: [{ count: 1 }] }],
      ['an amount as text', { paymentMethodNonce: 'fake-valid-nonce', amount: '12.50', products: [{ count: 1 }] }],
      ['an amount with 3 decimals', { paymentMethodNonce: 'fake-valid-nonce', amount: 12.505, products: [{ count: 1 }] }],
      ['a negative amount', { paymentMethodNonce: 'fake-valid-nonce', amount: -1, products: [{ count: 1 }] }],
      ['an empty cart', { paymentMethodNonce: 'fake-valid-nonce', amount: 0, products: [] }],
      ['a malformed product id', { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ _id: 'tee', count: 1 }] }],
      ['a zero count', { paymentMethodNonce: 'fake-valid-nonce', amount: 0, products: [{ count: 0 }] }],
      ['a fractional count', { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ count: 1.5 }] }],
      ['extra product fields', { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ count: 1, price: 0.01 }] }],
    ])('refuses %s with 400 and reserves nothing', async (_, info) => {
      const withId = info && { ...info, products: info.products.map((line) => ({ _id: tee, ...line })) };
      const response = await request(t.http)
        .post(api(ApiRoute.payment, { userId: buyer.user._id }))
        .set('Authorization', `Bearer ${buyer.token}`)
        .send(withId === undefined ? {} : { paymentInfo: withId })
        .expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(await stockOf(t, tee)).toEqual({ stock: 5, sold: 0 });
    });

    it('says that products are missing when the cart is left out', async () => {
      const response = await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5 } as never).expect(400);
      expect(response.body).toEqual(
        expect.objectContaining({ code: 'VALIDATION_FAILED', error: 'products is required: the cart as a list of {_id, count}' }),
      );
    });

    it('refuses a malformed Idempotency-Key with 400', async () => {
      const response = await pay(
        t,
        buyer,
        { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ _id: tee, count: 1 }] },
        'x'.repeat(256),
      ).expect(400);
      expect(response.body.details).toEqual([{ field: 'Idempotency-Key', message: 'invalid' }]);
    });

    it('refuses an amount that differs from the database total with 409 naming the right total', async () => {
      const response = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 0.01,
        products: [{ _id: tee, count: 2 }],
      }).expect(409);
      expect(response.body).toEqual(
        expect.objectContaining({ code: 'CONFLICT', error: 'The cart total is $25.00, not $0.01; prices have changed, review your cart' }),
      );
      expect(await stockOf(t, tee)).toEqual({ stock: 5, sold: 0 });
      expect(await orderStatusCounts(t)).toEqual({});
    });

    it('refuses a nonce with control characters (400)', async () => {
      const response = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce\u001b[2J',
        amount: 12.5,
        products: [{ _id: tee, count: 1 }],
      }).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(await stockOf(t, tee)).toEqual({ stock: 5, sold: 0 });
    });

    it('still refuses a real mismatch of one cent with 409 naming the right total', async () => {
      const response = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 12.49,
        products: [{ _id: tee, count: 1 }],
      }).expect(409);
      expect(response.body.error).toBe('The cart total is $12.50, not $12.49; prices have changed, review your cart');
    });

    it('refuses a cart asking for more than the stock with 409 naming the product', async () => {
      const response = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 75,
        products: [{ _id: tee, count: 6 }],
      }).expect(409);
      expect(response.body).toEqual({
        code: 'CONFLICT',
        error: 'Only 5 of "Refusal Tee" left in stock (your cart has 6)',
        details: [{ field: 'paymentInfo.products', message: `${tee}: 5 in stock` }],
      });
      expect(await stockOf(t, tee)).toEqual({ stock: 5, sold: 0 });
    });

    it('refuses a cart whose product no longer exists with 409, reserving none of the others', async () => {
      const response = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 12.5,
        products: [
          { _id: tee, count: 1 },
          { _id: randomUUID(), count: 1 },
        ],
      }).expect(409);
      expect(response.body.error).toBe('A product in your cart is no longer sold; remove it and try again');
      expect(await stockOf(t, tee)).toEqual({ stock: 5, sold: 0 });
      expect(await orderStatusCounts(t)).toEqual({});
    });

    it("accepts a browser's float sum of the prices (76.47999999999999 is 76.48) and charges 76.48", async () => {
      const prices = [19.99, 24.99, 31.5];
      const products = [];
      for (const price of prices) products.push({ _id: await seedProduct(t, { name: `Sum Tee ${price}`, price, stock: 3 }), count: 1 });
      const floatSum = prices.reduce((sum, price) => sum + price, 0);
      expect(floatSum).not.toBe(76.48); // what the spec's "sum of prices" gives in JavaScript
      const response = await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: floatSum, products }).expect(200);
      expect(response.body.transaction.amount).toBe(76.48);
      expect(response.body.order.amount).toBe(76.48);
    });

    it("refuses paying on another user's path (403)", async () => {
      const other = await signedInUser(t);
      await request(t.http)
        .post(api(ApiRoute.payment, { userId: other.user._id }))
        .set('Authorization', `Bearer ${buyer.token}`)
        .send({ paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ _id: tee, count: 1 }] } })
        .expect(403);
      expect(await stockOf(t, tee)).toEqual({ stock: 5, sold: 0 });
    });
  });

  describe('charging', () => {
    it('charges the database total, records the order and moves stock to sold (duplicate cart entries merged)', async () => {
      const plain = await seedProduct(t, { name: 'Plain Tee', price: 10, stock: 10 });
      const logo = await seedProduct(t, { name: 'Logo Tee', price: 19.99, stock: 3 });
      // The web cart holds one entry per "Add to Cart".
      const products = [
        { _id: plain, count: 1 },
        { _id: logo, count: 1 },
        { _id: plain, count: 1 },
      ];
      const response = await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 39.99, products }).expect(200);

      expect(response.body).toEqual({
        success: true,
        transaction: { id: expect.stringMatching(/^[a-z0-9]{8}$/), amount: 39.99, status: 'submitted_for_settlement' },
        order: { _id: expect.any(String), status: 'Received', amount: 39.99 },
      });
      expect(await stockOf(t, plain)).toEqual({ stock: 8, sold: 2 });
      expect(await stockOf(t, logo)).toEqual({ stock: 2, sold: 1 });

      const [order] = await ordersOf(buyer);
      expect(order).toEqual({
        _id: response.body.order._id,
        number: expect.any(Number),
        user: { _id: buyer.user._id, name: buyer.user.name },
        products: [
          { product: logo, name: 'Logo Tee', price: 19.99, count: 1, variant: expect.any(Number), sku: expect.any(String) },
          { product: plain, name: 'Plain Tee', price: 10, count: 2, variant: expect.any(Number), sku: expect.any(String) },
        ],
        amount: 39.99,
        transactionId: response.body.transaction.id,
        status: 'Received',
        createdAt: expect.any(String),
      });
    });

    it.each([
      ['a declined test nonce', 'fake-processor-declined-visa-nonce', 10, 'Your card was declined: Do Not Honor'],
      ['a declined test amount', 'fake-valid-nonce', 2001, 'Your card was declined: Insufficient Funds'],
      ['a used nonce', 'fake-consumed-nonce', 10, 'Your card was declined: Cannot use a payment_method_nonce more than once.'],
    ])('answers %s with 402 and releases the reservation', async (_, nonce, price, error) => {
      const shopper = await signedInUser(t);
      const tee = await seedProduct(t, { name: `Declined ${price} Tee`, price, stock: 1 });
      const response = await pay(t, shopper, { paymentMethodNonce: nonce, amount: price, products: [{ _id: tee, count: 1 }] }).expect(402);
      expect(response.body).toEqual({ success: false, error, code: 'PAYMENT_DECLINED' });
      expect(await stockOf(t, tee)).toEqual({ stock: 1, sold: 0 });
      expect(await ordersOf(shopper)).toEqual([]);
    });

    it('answers a failing processor with 502 and releases the reservation', async () => {
      const shopper = await signedInUser(t);
      const tee = await seedProduct(t, { name: 'Processor Down Tee', price: 3000, stock: 1 });
      const response = await pay(t, shopper, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 3000,
        products: [{ _id: tee, count: 1 }],
      }).expect(502);
      expect(response.body).toEqual({ error: expect.stringMatching(/not been charged/), code: 'PAYMENT_PROVIDER_ERROR' });
      expect(await stockOf(t, tee)).toEqual({ stock: 1, sold: 0 });
      expect(await ordersOf(shopper)).toEqual([]);
    });

    it('lets exactly 2 of 10 concurrent buyers have the last 2 items', async () => {
      const tee = await seedProduct(t, { name: 'Last Two Tee', price: 15, stock: 2 });
      const buyers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(t)));
      const responses = await Promise.all(
        buyers.map((session) =>
          pay(t, session, { paymentMethodNonce: 'fake-valid-nonce', amount: 15, products: [{ _id: tee, count: 1 }] }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of responses.filter((r) => r.status === 409)) expect(refused.body.error).toBe('"Last Two Tee" is out of stock');
      expect(await stockOf(t, tee)).toEqual({ stock: 0, sold: 2 });
      const orders = (await Promise.all(buyers.map(ordersOf))).flat();
      expect(orders.map((o) => o.products[0].product)).toEqual([tee, tee]);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the first answer without charging again', async () => {
      const tee = await seedProduct(t, { name: 'Retry Tee', price: 20, stock: 5 });
      const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 40, products: [{ _id: tee, count: 2 }] };
      const key = randomUUID();
      const first = await pay(t, buyer, info, key).expect(200);
      const retry = await pay(t, buyer, info, key).expect(200);
      expect(retry.text).toBe(first.text);
      expect(await stockOf(t, tee)).toEqual({ stock: 3, sold: 2 });
      expect((await ordersOf(buyer)).filter((o) => o._id === first.body.order._id)).toHaveLength(1);
      // The same cart with the products listed another way is the same payment.
      const reordered = {
        ...info,
        products: [
          { _id: tee, count: 1 },
          { _id: tee, count: 1 },
        ],
      };
      expect((await pay(t, buyer, reordered, key).expect(200)).body).toEqual(first.body);
      expect(await stockOf(t, tee)).toEqual({ stock: 3, sold: 2 });
    });

    it('answers a retry of a declined payment with the same 402, attempting no second charge', async () => {
      const shopper = await signedInUser(t);
      const tee = await seedProduct(t, { name: 'Retry Decline Tee', price: 10, stock: 1 });
      const info = { paymentMethodNonce: 'fake-processor-declined-visa-nonce', amount: 10, products: [{ _id: tee, count: 1 }] };
      const first = await pay(t, shopper, info, 'decline-key').expect(402);
      const before = await orderStatusCounts(t);
      const retry = await pay(t, shopper, info, 'decline-key').expect(402);
      expect(retry.body).toEqual(first.body);
      expect(await orderStatusCounts(t)).toEqual(before);
    });

    it('answers a retry of a refused cart with the same 409', async () => {
      const tee = await seedProduct(t, { name: 'Retry Stock Tee', price: 10, stock: 1 });
      const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 20, products: [{ _id: tee, count: 2 }] };
      const first = await pay(t, buyer, info, 'stock-key').expect(409);
      await t.dataSource.query(`UPDATE products SET stock = 10 WHERE id = $1`, [tee]);
      expect((await pay(t, buyer, info, 'stock-key').expect(409)).body).toEqual(first.body);
      expect(await stockOf(t, tee)).toEqual({ stock: 10, sold: 0 });
    });

    it('refuses the same key with a different payment (400) and leaves the first alone', async () => {
      const tee = await seedProduct(t, { name: 'Reuse Tee', price: 5, stock: 5 });
      const key = randomUUID();
      await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 5, products: [{ _id: tee, count: 1 }] }, key).expect(200);
      const response = await pay(
        t,
        buyer,
        { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: tee, count: 2 }] },
        key,
      ).expect(400);
      expect(response.body).toEqual(
        expect.objectContaining({ code: 'VALIDATION_FAILED', error: expect.stringMatching(/already used for a different payment/) }),
      );
      expect(await stockOf(t, tee)).toEqual({ stock: 4, sold: 1 });
    });

    it('scopes keys to their user', async () => {
      const tee = await seedProduct(t, { name: 'Shared Key Tee', price: 5, stock: 5 });
      const [alice, bob] = [await signedInUser(t), await signedInUser(t)];
      const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 5, products: [{ _id: tee, count: 1 }] };
      const a = await pay(t, alice, info, 'same-key').expect(200);
      const b = await pay(t, bob, info, 'same-key').expect(200);
      expect(b.body.order._id).not.toBe(a.body.order._id);
      expect(await stockOf(t, tee)).toEqual({ stock: 3, sold: 2 });
    });

    it('charges once when retries with the same key arrive together', async () => {
      const shopper = await signedInUser(t);
      const tee = await seedProduct(t, { name: 'Concurrent Retry Tee', price: 8, stock: 10 });
      const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 8, products: [{ _id: tee, count: 1 }] };
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: 6 }, () => pay(t, shopper, info, key)));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      for (const response of responses) expect(response.body).toEqual(responses[0].body);
      expect(await stockOf(t, tee)).toEqual({ stock: 9, sold: 1 });
      expect(await ordersOf(shopper)).toHaveLength(1);
    });
  });

  describe('reservations left by a process that died mid-checkout', () => {
    it('are released after the stale period, and their key answers 502', async () => {
      const shopper = await signedInUser(t);
      const tee = await seedProduct(t, { name: 'Crashed Checkout Tee', price: 7, stock: 3 });
      // What a process leaves when it dies after reserving and before settling: a Pending order holding stock.
      const crash = async (key: string, age: string, lease = '0 seconds') => {
        const [order] = (await t.dataSource.query(
          `INSERT INTO orders (user_id, user_name, status, amount_cents, created_at) VALUES ($1, 'Shopper User', 'Pending', 700, now() - $2::interval) RETURNING id`,
          [shopper.user._id, age],
        )) as { id: string }[];
        await t.dataSource.query(
          `INSERT INTO order_lines (order_id, product_id, variant_id, name, price_cents, count) VALUES ($1, $2, (SELECT min(id) FROM product_variants WHERE product_id = $2), 'Crashed Checkout Tee', 700, 1)`,
          [order.id, tee],
        );
        await t.dataSource.query(`UPDATE products SET stock = stock - 1 WHERE id = $1`, [tee]);
        const fingerprint = 'f'.repeat(64);
        await t.dataSource.query(
          `INSERT INTO payment_idempotency_keys (user_id, key, request_hash, order_id, lease_until) VALUES ($1, $2, $3, $4, now() + $5::interval)`,
          [shopper.user._id, key, fingerprint, order.id, lease],
        );
        return order.id;
      };
      const stale = await crash('crashed-key', '11 minutes');
      // Its holder is alive and renewing the lease: not abandoned, whatever its age.
      const recent = await crash('running-key', '1 minute', '1 hour');
      expect(await stockOf(t, tee)).toEqual({ stock: 1, sold: 0 });

      expect(await t.app.get(PaymentsService).releaseStaleReservations()).toEqual([stale]);

      expect(await stockOf(t, tee)).toEqual({ stock: 2, sold: 0 });
      const statuses = (await t.dataSource.query(`SELECT id, status FROM orders WHERE id = ANY($1)`, [[stale, recent]])) as {
        id: string;
        status: string;
      }[];
      expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [stale]: 'Failed', [recent]: 'Pending' });
      const [key] = (await t.dataSource.query(`SELECT status_code, response FROM payment_idempotency_keys WHERE key = 'crashed-key'`)) as {
        status_code: number;
        response: { code: string };
      }[];
      expect(key.status_code).toBe(502);
      expect(key.response.code).toBe('PAYMENT_PROVIDER_ERROR');
      expect(await ordersOf(shopper)).toEqual([]);
    });

    it('asks the gateway first: a charge that went through before the crash completes the order (Received, sold)', async () => {
      const shopper = await signedInUser(t);
      const tee = await seedProduct(t, { name: 'Charged Before Crash Tee', price: 9, stock: 4 });
      // The process reserved, the test gateway charged (its ledger, in Postgres, survives a restart), then it died.
      const [order] = (await t.dataSource.query(
        `INSERT INTO orders (user_id, user_name, status, amount_cents) VALUES ($1, 'Shopper User', 'Pending', 900) RETURNING id`,
        [shopper.user._id],
      )) as { id: string }[];
      await t.dataSource.query(
        `INSERT INTO order_lines (order_id, product_id, variant_id, name, price_cents, count) VALUES ($1, $2, (SELECT min(id) FROM product_variants WHERE product_id = $2), 'Charged Before Crash Tee', 900, 1)`,
        [order.id, tee],
      );
      await t.dataSource.query(`UPDATE products SET stock = stock - 1 WHERE id = $1`, [tee]);
      await t.dataSource.query(
        `INSERT INTO payment_idempotency_keys (user_id, key, request_hash, order_id, lease_until) VALUES ($1, 'charged-key', $2, $3, now() - interval '1 second')`,
        [shopper.user._id, 'e'.repeat(64), order.id],
      );
      await t.dataSource.query(
        `INSERT INTO test_gateway_transactions (transaction_id, order_id, amount_cents, status) VALUES ('crashtx01', $1, 900, 'submitted_for_settlement')`,
        [order.id],
      );

      expect(await t.app.get(PaymentsService).releaseStaleReservations()).toEqual([order.id]);

      expect(await stockOf(t, tee)).toEqual({ stock: 3, sold: 1 });
      const [row] = (await t.dataSource.query(`SELECT status, transaction_id FROM orders WHERE id = $1`, [order.id])) as {
        status: string;
        transaction_id: string;
      }[];
      expect(row).toEqual({ status: 'Received', transaction_id: 'crashtx01' });
      const [key] = (await t.dataSource.query(`SELECT status_code, response FROM payment_idempotency_keys WHERE key = 'charged-key'`)) as {
        status_code: number;
        response: { success: boolean; order: { _id: string; status: string; amount: number } };
      }[];
      expect(key.status_code).toBe(200);
      expect(key.response).toMatchObject({ success: true, order: { _id: order.id, status: 'Received', amount: 9 } });
      expect((await ordersOf(shopper)).map((o) => o._id)).toEqual([order.id]);
    });

    it('records every test-gateway charge in its ledger by order id (what the sweeper asks)', async () => {
      const shopper = await signedInUser(t);
      const tee = await seedProduct(t, { name: 'Ledger Tee', price: 3, stock: 2 });
      const paid = await pay(t, shopper, { paymentMethodNonce: 'fake-valid-nonce', amount: 3, products: [{ _id: tee, count: 1 }] }).expect(
        200,
      );
      const rows = (await t.dataSource.query(`SELECT transaction_id, amount_cents FROM test_gateway_transactions WHERE order_id = $1`, [
        paid.body.order._id,
      ])) as { transaction_id: string; amount_cents: number }[];
      expect(rows).toEqual([{ transaction_id: paid.body.transaction.id, amount_cents: 300 }]);
    });
  });
});
