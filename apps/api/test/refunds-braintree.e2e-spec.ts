import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { ApiRoute, type Order, Role, type Session } from '@store/contract';
import braintree from 'braintree';
import request from 'supertest';
import { braintreeEnvironment } from '../src/modules/payments/braintree.gateway.js';
import { type BraintreeFake, startBraintreeFake } from './support/braintree-fake.js';
import { paidOrder, pay, seedProduct, setOrderStatus, stockOf } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** Cancel-with-refund through the Braintree adapter and the real SDK, against the local fake of Braintree's HTTP API. */
describe('refunds (e2e, Braintree adapter)', () => {
  let fake: BraintreeFake;
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  let tee: string;

  beforeAll(async () => {
    // Provider failures are logged by design; keep the test output readable.
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    fake = await startBraintreeFake();
    t = await createTestApp({ braintree: fake.config });
    [admin, buyer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t)]);
    tee = await seedProduct(t, { name: 'Braintree Refund Tee', price: 12.5, stock: 100 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.failWith(undefined);
    fake.refuseReversals(undefined);
  });

  const buy = (count: number) =>
    paidOrder(t, buyer, { paymentMethodNonce: 'fake-valid-visa-nonce', amount: 12.5 * count, products: [{ _id: tee, count }] });
  const cancel = (orderId: string) => setOrderStatus(t, admin, orderId, 'Cancelled');
  /** The calls the SDK made to the fake for this transaction after `from`, as "METHOD path-suffix". */
  const callsFor = (transactionId: string, from: number) =>
    fake.requests
      .slice(from)
      .filter((r) => r.path.includes(`/transactions/${transactionId}`))
      .map((r) => `${r.method} ${r.path.replace('/merchants/fake_merchant', '')}`);
  const row = async (orderId: string) =>
    (
      (await t.dataSource.query(`SELECT status, refund_id, refund_cents, refund_kind FROM orders WHERE id = $1`, [orderId])) as Record<
        string,
        unknown
      >[]
    )[0];

  it('voids a transaction submitted for settlement (find, then PUT .../void)', async () => {
    const { orderId, transactionId } = await buy(2);
    const from = fake.requests.length;
    const response = await cancel(orderId).expect(200);
    expect((response.body as Order).refund).toEqual({ id: transactionId, amount: 25, kind: 'void', at: expect.any(String) });
    expect(callsFor(transactionId, from)).toEqual([`GET /transactions/${transactionId}`, `PUT /transactions/${transactionId}/void`]);
    expect(fake.transactions.get(transactionId)?.status).toBe('voided');
    expect(await row(orderId)).toEqual({ status: 'Cancelled', refund_id: transactionId, refund_cents: 2500, refund_kind: 'void' });
  });

  it('refunds a settled transaction with the order amount (POST .../refund)', async () => {
    const { orderId, transactionId } = await buy(3);
    fake.settle(transactionId);
    const from = fake.requests.length;
    const response = await cancel(orderId).expect(200);
    const refund = (response.body as Order).refund!;
    expect(callsFor(transactionId, from)).toEqual([`GET /transactions/${transactionId}`, `POST /transactions/${transactionId}/refund`]);
    expect(fake.requests.at(-1)?.body).toEqual({ transaction: { amount: '37.50' } });
    const credit = fake.transactions.get(refund.id);
    expect(credit).toMatchObject({ type: 'credit', amount: '37.50', refundedTransactionId: transactionId });
    expect(fake.transactions.get(transactionId)?.refundIds).toEqual([refund.id]);
    expect(refund).toMatchObject({ amount: 37.5, kind: 'refund' });
    expect(await row(orderId)).toEqual({ status: 'Cancelled', refund_id: refund.id, refund_cents: 3750, refund_kind: 'refund' });
  });

  it('answers 502 with the processor message and changes nothing when Braintree refuses the refund', async () => {
    const { orderId, transactionId } = await buy(1);
    fake.settle(transactionId);
    fake.refuseReversals('Processor Declined');
    const stock = await stockOf(t, tee);
    const response = await cancel(orderId).expect(502);
    expect(response.body).toEqual({
      code: 'PAYMENT_PROVIDER_ERROR',
      error:
        'The payment could not be refunded, so the order was not cancelled: The payment provider refused the refund: Processor Declined',
    });
    expect(await row(orderId)).toEqual({ status: 'Received', refund_id: null, refund_cents: null, refund_kind: null });
    expect(await stockOf(t, tee)).toEqual(stock);
    expect(fake.transactions.get(transactionId)?.refundIds).toEqual([]);
  });

  it('answers 502 and changes nothing when Braintree cannot be reached', async () => {
    const { orderId } = await buy(1);
    fake.failWith(503);
    const response = await cancel(orderId).expect(502);
    expect(response.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(response.body.error).toMatch(/not cancelled.*could not be reached; nothing was refunded/);
    expect(await row(orderId)).toMatchObject({ status: 'Received', refund_id: null });
  });

  it('does not reverse twice when the charge was already voided (a retry after a crash before our commit)', async () => {
    const { orderId, transactionId } = await buy(1);
    fake.transactions.get(transactionId)!.status = 'voided';
    const from = fake.requests.length;
    const response = await cancel(orderId).expect(200);
    expect((response.body as Order).refund).toMatchObject({ id: transactionId, kind: 'void', amount: 12.5 });
    expect(callsFor(transactionId, from)).toEqual([`GET /transactions/${transactionId}`]);
  });

  it('records the refund made before a crash instead of refunding again', async () => {
    const { orderId, transactionId } = await buy(2);
    fake.settle(transactionId);
    // The SDK call went through but the process died before our commit: the order is still Received.
    const direct = new braintree.BraintreeGateway({
      environment: braintreeEnvironment(fake.config),
      merchantId: fake.config.merchantId,
      publicKey: fake.config.publicKey,
      privateKey: fake.config.privateKey,
    });
    const earlier = await direct.transaction.refund(transactionId, '25.00');
    const response = await cancel(orderId).expect(200);
    expect((response.body as Order).refund).toMatchObject({ id: earlier.transaction.id, kind: 'refund', amount: 25 });
    expect(fake.transactions.get(transactionId)?.refundIds).toEqual([earlier.transaction.id]);
  });

  it('two concurrent cancels make one reversal at Braintree', async () => {
    const { orderId, transactionId } = await buy(1);
    fake.settle(transactionId);
    const answers = await Promise.all([cancel(orderId), cancel(orderId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(fake.transactions.get(transactionId)?.refundIds).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path.endsWith(`/transactions/${transactionId}/refund`))).toHaveLength(1);
  });

  it('refunds one line of a settled charge as a partial credit, then the rest on cancel', async () => {
    const mug = await seedProduct(t, { name: 'Braintree Mug', price: 4, stock: 10 });
    const paid = await pay(t, buyer, {
      paymentMethodNonce: 'fake-valid-visa-nonce',
      amount: 37,
      products: [
        { _id: tee, count: 2 },
        { _id: mug, count: 3 },
      ],
    }).expect(200);
    const orderId = paid.body.order._id as string;
    const transactionId = paid.body.transaction.id as string;
    const refundLine = () =>
      request(t.http)
        .post(api(ApiRoute.orderLineRefund, { orderId, userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ product: mug });

    // Not settled: no void of the whole charge for one line.
    expect((await refundLine().expect(409)).body.error).toMatch(/has not settled yet/);
    expect(fake.transactions.get(transactionId)?.status).toBe('submitted_for_settlement');

    fake.settle(transactionId);
    const from = fake.requests.length;
    const line = ((await refundLine().expect(200)).body as Order).products.find((l) => l.product === mug)!;
    expect(fake.requests.slice(from).map((r) => [r.method, r.body])).toEqual([
      ['GET', undefined],
      ['POST', { transaction: { amount: '12.00' } }],
    ]);
    expect(fake.transactions.get(line.refund!.id)).toMatchObject({ type: 'credit', amount: '12.00' });

    const cancelled = (await cancel(orderId).expect(200)).body as Order;
    expect(cancelled.refund).toMatchObject({ kind: 'refund', amount: 25 });
    expect(fake.transactions.get(transactionId)?.refundIds).toEqual([line.refund!.id, cancelled.refund!.id]);
    expect(fake.transactions.get(cancelled.refund!.id)?.amount).toBe('25.00');
  });
});
