import { jest } from '@jest/globals';
import { ApiRoute, type Order, Role, type Session } from '@store/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { TestGateway } from '../src/modules/payments/test.gateway.js';
import { paidOrder, seedProduct, setOrderStatus, stockOf } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** Cancelling a paid order returns its money through the offline test gateway: void before settlement, refund after. */
describe('refunds (e2e, test gateway)', () => {
  let t: TestApp;
  let gateway: TestGateway;
  let admin: Session;
  let buyer: Session;
  let tee: string;

  beforeAll(async () => {
    t = await createTestApp();
    gateway = t.app.get(PaymentGateway) as TestGateway;
    expect(gateway).toBeInstanceOf(TestGateway);
    [admin, buyer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t)]);
    tee = await seedProduct(t, { name: 'Refund Tee', price: 12.5, stock: 100 });
  });
  afterAll(() => t.close());
  afterEach(() => gateway.failReversals(undefined));

  const buy = (count = 2) =>
    paidOrder(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5 * count, products: [{ _id: tee, count }] });
  const cancel = (orderId: string) => setOrderStatus(t, admin, orderId, 'Cancelled');
  const row = async (orderId: string) =>
    (
      (await t.dataSource.query(`SELECT status, refund_id, refund_cents, refund_kind, refunded_at FROM orders WHERE id = $1`, [
        orderId,
      ])) as Record<string, unknown>[]
    )[0];
  const auditOf = async (orderId: string) =>
    (await t.dataSource.query(`SELECT action, changes FROM audit_log WHERE entity_id = $1 ORDER BY action`, [orderId])) as {
      action: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }[];
  const reversalsOf = (transactionId: string) => gateway.reversals.filter((r) => r.transactionId === transactionId);

  it('voids a charge that has not settled, records it on the order and returns the stock', async () => {
    const { orderId, transactionId } = await buy(2);
    const before = await stockOf(t, tee);
    const response = await cancel(orderId).expect(200);
    const order = response.body as Order;
    expect(order.status).toBe('Cancelled');
    expect(order.refund).toEqual({ id: transactionId, amount: 25, kind: 'void', at: expect.any(String) });
    expect(Date.parse(order.refund!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(reversalsOf(transactionId)).toEqual([{ transactionId, kind: 'void', reversalId: transactionId, amountCents: 2500 }]);
    expect(await row(orderId)).toMatchObject({ status: 'Cancelled', refund_id: transactionId, refund_cents: 2500, refund_kind: 'void' });
    expect(await stockOf(t, tee)).toEqual({ stock: before.stock + 2, sold: before.sold - 2 });

    // The buyer's and the admin's listings show it too.
    const mine = await request(t.http)
      .get(api(ApiRoute.ordersOfUser, { userId: buyer.user._id }))
      .set('Authorization', `Bearer ${buyer.token}`)
      .expect(200);
    expect((mine.body as Order[]).find((o) => o._id === orderId)?.refund).toEqual(order.refund);
  });

  it('refunds a settled charge as a new credit transaction', async () => {
    const { orderId, transactionId } = await buy(1);
    gateway.settle(transactionId);
    const response = await cancel(orderId).expect(200);
    const refund = (response.body as Order).refund!;
    expect(refund).toMatchObject({ amount: 12.5, kind: 'refund' });
    expect(refund.id).not.toBe(transactionId);
    expect(reversalsOf(transactionId)).toEqual([{ transactionId, kind: 'refund', reversalId: refund.id, amountCents: 1250 }]);
    expect(await row(orderId)).toMatchObject({ status: 'Cancelled', refund_id: refund.id, refund_cents: 1250, refund_kind: 'refund' });
  });

  it('answers 502 and leaves the order exactly as it was when the refund fails', async () => {
    const { orderId, transactionId } = await buy(3);
    const stockBefore = await stockOf(t, tee);
    const rowBefore = await row(orderId);
    gateway.failReversals('Processor declined the refund');

    const response = await cancel(orderId).expect(502);
    expect(response.body).toEqual({
      code: 'PAYMENT_PROVIDER_ERROR',
      error: 'The payment could not be refunded, so the order was not cancelled: Processor declined the refund',
    });
    expect(await row(orderId)).toEqual(rowBefore);
    expect(rowBefore).toMatchObject({ status: 'Received', refund_id: null, refund_kind: null });
    expect(await stockOf(t, tee)).toEqual(stockBefore);
    expect(await auditOf(orderId)).toEqual([]);
    expect(reversalsOf(transactionId)).toEqual([]);

    // Once the provider works again the same cancel goes through.
    gateway.failReversals(undefined);
    expect((await cancel(orderId).expect(200)).body.refund.kind).toBe('void');
  });

  it('returns the money once when two admins cancel the same order at the same time', async () => {
    const { orderId, transactionId } = await buy(1);
    const stockBefore = await stockOf(t, tee);
    // Hold the first reversal at the provider until the second cancel is queued on the order's row lock.
    const original = gateway.reverse.bind(gateway);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inGateway = new Promise<void>((resolve) => (entered = resolve));
    const spy = jest.spyOn(gateway, 'reverse').mockImplementation(async (id, amount) => {
      entered();
      await held;
      return original(id, amount);
    });
    try {
      const first = cancel(orderId).then((r) => r);
      await inGateway;
      const second = cancel(orderId).then((r) => r);
      await waitForLockWaiters(t, 1);
      release();
      const answers = await Promise.all([first, second]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toEqual({ code: 'CONFLICT', error: 'The order is already Cancelled' });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(reversalsOf(transactionId)).toHaveLength(1);
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(['order.refund', 'order.status']);
    expect(await stockOf(t, tee)).toEqual({ stock: stockBefore.stock + 1, sold: stockBefore.sold - 1 });
  });

  it('moves that are not a cancel never touch the gateway', async () => {
    const { orderId } = await buy(1);
    const spy = jest.spyOn(gateway, 'reverse');
    try {
      await setOrderStatus(t, admin, orderId, 'Processing').expect(200);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  describe('a single line (partial refund)', () => {
    let mug: string;
    beforeAll(async () => {
      mug = await seedProduct(t, { name: 'Refund Mug', price: 4, stock: 100 });
    });
    /** An order of 2 tees ($25) and 3 mugs ($12). */
    const buyTwoLines = () =>
      paidOrder(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 37,
        products: [
          { _id: tee, count: 2 },
          { _id: mug, count: 3 },
        ],
      });
    const refundLine = (orderId: string, product: unknown) =>
      request(t.http)
        .post(api(ApiRoute.orderLineRefund, { orderId, userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ product });

    it('refunds one settled line, returns its stock, and a later cancel refunds only the rest', async () => {
      const { orderId, transactionId } = await buyTwoLines();
      gateway.settle(transactionId);
      const [teeBefore, mugBefore] = [await stockOf(t, tee), await stockOf(t, mug)];

      const response = await refundLine(orderId, mug).expect(200);
      const order = response.body as Order;
      expect(order.status).toBe('Received');
      expect(order.refund).toBeUndefined();
      const mugLine = order.products.find((line) => line.product === mug)!;
      expect(mugLine.refund).toEqual({ id: expect.any(String), amount: 12, at: expect.any(String) });
      expect(order.products.find((line) => line.product === tee)!.refund).toBeUndefined();
      expect(await stockOf(t, mug)).toEqual({ stock: mugBefore.stock + 3, sold: mugBefore.sold - 3 });
      expect(reversalsOf(transactionId)).toEqual([{ transactionId, kind: 'refund', reversalId: mugLine.refund!.id, amountCents: 1200 }]);

      // The same line again: refused, nothing moves.
      expect((await refundLine(orderId, mug).expect(409)).body.error).toBe('"Refund Mug" was already refunded');
      expect(reversalsOf(transactionId)).toHaveLength(1);

      const cancelled = (await cancel(orderId).expect(200)).body as Order;
      expect(cancelled.refund).toMatchObject({ kind: 'refund', amount: 25 });
      expect(reversalsOf(transactionId).map((r) => r.amountCents)).toEqual([1200, 2500]);
      // The cancel returned the tees only; the mugs came back with their own refund.
      expect(await stockOf(t, tee)).toEqual({ stock: teeBefore.stock + 2, sold: teeBefore.sold - 2 });
      expect(await stockOf(t, mug)).toEqual({ stock: mugBefore.stock + 3, sold: mugBefore.sold - 3 });

      const actions = await auditOf(orderId);
      expect(actions.filter((a) => a.action === 'order.refund').map((a) => Object.values(a.changes)[0].after)).toEqual(
        expect.arrayContaining([
          { id: mugLine.refund!.id, amount: 12, kind: 'refund', product: mug, variant: expect.any(Number) },
          { id: cancelled.refund!.id, amount: 25, kind: 'refund' },
        ]),
      );
    });

    it('refuses a line of a charge that has not settled (409): a void would take back the whole order', async () => {
      const { orderId, transactionId } = await buyTwoLines();
      const response = await refundLine(orderId, mug).expect(409);
      expect(response.body.error).toMatch(/has not settled yet/);
      expect(reversalsOf(transactionId)).toEqual([]);
      expect((await auditOf(orderId)).map((a) => a.action)).toEqual([]);
    });

    it('answers 502 and changes nothing when the provider refuses, 404 for a product not in the order, 409 once cancelled', async () => {
      const { orderId, transactionId } = await buyTwoLines();
      gateway.settle(transactionId);
      const mugBefore = await stockOf(t, mug);
      gateway.failReversals('Processor declined the refund');
      expect((await refundLine(orderId, mug).expect(502)).body.error).toBe('The line could not be refunded: Processor declined the refund');
      expect(await stockOf(t, mug)).toEqual(mugBefore);
      gateway.failReversals(undefined);

      await refundLine(orderId, '00000000-0000-4000-8000-000000000000').expect(404);
      await refundLine(orderId, 'not-an-id').expect(400);
      await cancel(orderId).expect(200);
      expect((await refundLine(orderId, mug).expect(409)).body.error).toBe('A Cancelled order has no line left to refund');
    });

    it('cancelling an order whose every line was refunded makes no further reversal', async () => {
      const { orderId, transactionId } = await buyTwoLines();
      gateway.settle(transactionId);
      await refundLine(orderId, mug).expect(200);
      await refundLine(orderId, tee).expect(200);
      const cancelled = (await cancel(orderId).expect(200)).body as Order;
      expect(cancelled.status).toBe('Cancelled');
      expect(cancelled.refund).toBeUndefined();
      expect(
        reversalsOf(transactionId)
          .map((r) => r.amountCents)
          .sort(),
      ).toEqual([1200, 2500]);
    });
  });
});

/** Waits until `count` sessions of this test database wait on a lock (the second cancel on the order's row). */
async function waitForLockWaiters(t: TestApp, count: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const [{ n }] = (await t.dataSource.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )) as { n: number }[];
    if (n >= count) return;
    await sleep(25);
  }
  throw new Error('the second cancel never waited on the order row');
}
