import { ApiRoute, type Order, type OrderStatus, Role, type Session } from '@store/contract';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { pay, seedProduct, setOrderStatus, stockOf } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** The moves docs/api.md allows, written out here independently of the code's own table. */
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  Received: ['Processing', 'Cancelled'],
  Processing: ['Shipped', 'Cancelled'],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};
/** How to bring a fresh (Received) order to each status through allowed moves. */
const PATH_TO: Record<OrderStatus, OrderStatus[]> = {
  Received: [],
  Processing: ['Processing'],
  Shipped: ['Processing', 'Shipped'],
  Delivered: ['Processing', 'Shipped', 'Delivered'],
  Cancelled: ['Cancelled'],
};
const STATUSES = Object.keys(ALLOWED) as OrderStatus[];

describe('orders (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let tee: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, alice, bob] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t), signedInUser(t)]);
    tee = await seedProduct(t, { name: 'Order Tee', price: 10, stock: 1000 });
  });
  afterAll(() => t.close());

  /** A paid order of `count` tees, through the real checkout. */
  const buy = async (session: Session, count = 1): Promise<string> => {
    const response = await pay(t, session, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 10 * count,
      products: [{ _id: tee, count }],
    }).expect(200);
    return response.body.order._id as string;
  };
  const setStatus = (orderId: string, status: unknown, session: Session = admin) => setOrderStatus(t, session, orderId, status);
  const listMine = (session: Session) =>
    request(t.http)
      .get(api(ApiRoute.ordersOfUser, { userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`);
  const listAll = (session: Session = admin) =>
    request(t.http)
      .get(api(ApiRoute.ordersAll, { userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`);
  const statusInDb = async (orderId: string): Promise<string> =>
    ((await t.dataSource.query(`SELECT status FROM orders WHERE id = $1`, [orderId])) as { status: string }[])[0].status;

  describe('listing', () => {
    let aliceFirst: string;
    let aliceSecond: string;
    let bobs: string;

    beforeAll(async () => {
      aliceFirst = await buy(alice, 1);
      aliceSecond = await buy(alice, 3);
      bobs = await buy(bob, 2);
      // A declined attempt is not an order.
      await pay(t, bob, {
        paymentMethodNonce: 'fake-processor-declined-visa-nonce',
        amount: 10,
        products: [{ _id: tee, count: 1 }],
      }).expect(402);
    });

    it("lists a buyer's own orders, newest first, in the contract's shape", async () => {
      const orders = (await listMine(alice).expect(200)).body as Order[];
      expect(orders.map((o) => o._id)).toEqual([aliceSecond, aliceFirst]);
      expect(orders[0]).toEqual({
        _id: aliceSecond,
        number: orders[1].number! + 1,
        user: { _id: alice.user._id, name: alice.user.name },
        products: [{ product: tee, name: 'Order Tee', price: 10, count: 3, variant: expect.any(Number), sku: expect.any(String) }],
        amount: 30,
        transactionId: expect.stringMatching(/^[a-z0-9]{8}$/),
        status: 'Received',
        createdAt: expect.any(String),
      });
      expect(new Date(orders[0].createdAt).toISOString()).toBe(orders[0].createdAt);
      expect(((await listMine(bob).expect(200)).body as Order[]).map((o) => o._id)).toEqual([bobs]);
    });

    it("keeps a buyer out of another's orders and the admin list (403)", async () => {
      await request(t.http)
        .get(api(ApiRoute.ordersOfUser, { userId: bob.user._id }))
        .set('Authorization', `Bearer ${alice.token}`)
        .expect(403);
      expect((await listAll(alice).expect(403)).body.code).toBe('FORBIDDEN');
      await request(t.http)
        .get(api(ApiRoute.ordersOfUser, { userId: alice.user._id }))
        .expect(401);
    });

    it('lists every paid order to an admin, newest first, without failed attempts', async () => {
      const orders = (await listAll().expect(200)).body as Order[];
      expect(orders.map((o) => o._id).slice(0, 3)).toEqual([bobs, aliceSecond, aliceFirst]);
      expect(orders.every((o) => o.transactionId !== '' && o.status === 'Received')).toBe(true);
      expect(orders).toHaveLength(3);
    });

    it('keeps the name and price paid after the product changes or disappears', async () => {
      const gone = await seedProduct(t, { name: 'Gone Tee', price: 4.5, stock: 1 });
      const response = await pay(t, alice, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 4.5,
        products: [{ _id: gone, count: 1 }],
      }).expect(200);
      await t.dataSource.query(`DELETE FROM products WHERE id = $1`, [gone]);
      const [latest] = (await listMine(alice).expect(200)).body as Order[];
      expect(latest._id).toBe(response.body.order._id);
      expect(latest.products).toEqual([
        { product: gone, name: 'Gone Tee', price: 4.5, count: 1, variant: expect.any(Number), sku: expect.any(String) },
      ]);
    });
  });

  describe('status moves', () => {
    const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to, ALLOWED[from].includes(to)] as const));

    it.each(pairs)('%s -> %s allowed: %s', async (from, to, allowed) => {
      const orderId = await buy(bob);
      for (const step of PATH_TO[from]) await setStatus(orderId, step).expect(200);
      const response = await setStatus(orderId, to);
      if (allowed) {
        expect(response.status).toBe(200);
        expect(response.body).toEqual(
          expect.objectContaining({ _id: orderId, status: to, user: { _id: bob.user._id, name: bob.user.name } }),
        );
        expect(await statusInDb(orderId)).toBe(to);
      } else {
        expect(response.status).toBe(409);
        expect(response.body.code).toBe('CONFLICT');
        expect(response.body.error).toMatch(new RegExp(`${from}|already`));
        expect(await statusInDb(orderId)).toBe(from);
      }
    });

    it.each([
      ['Received', 'The order is already Received'],
      ['Delivered', 'A Received order can only move to Processing or Cancelled, not Delivered'],
    ])('explains a refused move to %s', async (to, message) => {
      const orderId = await buy(bob);
      expect((await setStatus(orderId, to).expect(409)).body.error).toBe(message);
    });

    it('explains that a shipped order can no longer be cancelled', async () => {
      const orderId = await buy(bob);
      await setStatus(orderId, 'Processing').expect(200);
      await setStatus(orderId, 'Shipped').expect(200);
      expect((await setStatus(orderId, 'Cancelled').expect(409)).body.error).toBe('A Shipped order can no longer be cancelled');
    });

    it('returns the stock and reduces sold when an order is cancelled (from Received and from Processing)', async () => {
      const before = await stockOf(t, tee);
      const received = await buy(alice, 2);
      const processing = await buy(alice, 3);
      await setStatus(processing, 'Processing').expect(200);
      expect(await stockOf(t, tee)).toEqual({ stock: before.stock - 5, sold: before.sold + 5 });
      await setStatus(received, 'Cancelled').expect(200);
      await setStatus(processing, 'Cancelled').expect(200);
      expect(await stockOf(t, tee)).toEqual(before);
    });

    it('returns the stock once when two admins cancel the same order at once', async () => {
      const other = await signedInUser(t, Role.Admin);
      const before = await stockOf(t, tee);
      const orderId = await buy(alice, 4);
      const responses = await Promise.all([setStatus(orderId, 'Cancelled'), setStatus(orderId, 'Cancelled', other)]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await stockOf(t, tee)).toEqual(before);
    });

    it('refuses an unknown status value with 400', async () => {
      const orderId = await buy(bob);
      for (const status of ['Lost', 'received', '', 3, undefined]) {
        expect((await setStatus(orderId, status).expect(400)).body.code).toBe('VALIDATION_FAILED');
      }
      expect(await statusInDb(orderId)).toBe('Received');
    });

    it('answers 404 for an unknown order or a failed attempt, 400 for a malformed id', async () => {
      await setStatus(randomUUID(), 'Processing').expect(404);
      await setStatus('not-an-id', 'Processing').expect(400);
      const declined = await pay(t, bob, {
        paymentMethodNonce: 'fake-processor-declined-visa-nonce',
        amount: 10,
        products: [{ _id: tee, count: 1 }],
      }).expect(402);
      expect(declined.body.code).toBe('PAYMENT_DECLINED');
      const [attempt] = (await t.dataSource.query(`SELECT id FROM orders WHERE status = 'Failed' LIMIT 1`)) as { id: string }[];
      await setStatus(attempt.id, 'Processing').expect(404);
    });

    it('is for admins only (403)', async () => {
      const orderId = await buy(alice);
      expect((await setStatus(orderId, 'Cancelled', alice).expect(403)).body.code).toBe('FORBIDDEN');
      expect(await statusInDb(orderId)).toBe('Received');
    });
  });
});
