import { type Order, Role, type Session } from '@store/contract';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { TestGateway } from '../src/modules/payments/test.gateway.js';
import { paidOrder, seedProduct, setOrderStatus } from './support/checkout-fixtures.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * Two API processes (replicas) on one database, each with its own offline test gateway: a charge made by one and
 * reversed through the other is judged by the gateway's Postgres ledger (amount, time, status), so the answer does
 * not depend on which replica the admin's cancel reaches.
 */
describe('the offline test gateway across replicas (e2e)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let buyer: Session;
  let tee: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a.db);
    [admin, buyer] = await Promise.all([signedInUser(a, Role.Admin), signedInUser(a)]);
    tee = await seedProduct(a, { name: 'Replica Refund Tee', price: 20, stock: 50 });
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const gatewayOf = (t: TestApp) => t.app.get(PaymentGateway) as TestGateway;
  const buyOn = (t: TestApp) =>
    paidOrder(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 40, products: [{ _id: tee, count: 2 }] });
  const ledgerStatus = async (transactionId: string) =>
    (
      (await a.dataSource.query(`SELECT status FROM test_gateway_transactions WHERE transaction_id = $1`, [transactionId])) as {
        status: string;
      }[]
    )[0]?.status;

  it('voids on the other replica a charge that has not settled, and the first replica then agrees it is voided', async () => {
    const { orderId, transactionId } = await buyOn(a);
    expect(gatewayOf(b).reversals).toEqual([]);
    const cancelled = (await setOrderStatus(b, admin, orderId, 'Cancelled').expect(200)).body as Order;
    expect(cancelled.refund).toEqual({ id: transactionId, amount: 40, kind: 'void', at: expect.any(String) });
    expect(gatewayOf(b).reversals).toEqual([{ transactionId, kind: 'void', reversalId: transactionId, amountCents: 4000 }]);
    expect(await ledgerStatus(transactionId)).toBe('voided');
    // Asked again through the replica that made the charge (a retry): the same void, nothing reversed twice.
    expect(await gatewayOf(a).reverse(transactionId)).toEqual({
      outcome: 'reversed',
      kind: 'void',
      reversalId: transactionId,
      amountCents: 4000,
    });
    expect(await gatewayOf(b).reverse(transactionId)).toEqual({
      outcome: 'reversed',
      kind: 'void',
      reversalId: transactionId,
      amountCents: 4000,
    });
  });

  it('refunds on the other replica a charge the first one settled, by the charge’s amount from the ledger', async () => {
    const { orderId, transactionId } = await buyOn(a);
    await gatewayOf(a).settle(transactionId);
    expect(await ledgerStatus(transactionId)).toBe('settled');
    const cancelled = (await setOrderStatus(b, admin, orderId, 'Cancelled').expect(200)).body as Order;
    expect(cancelled.refund).toMatchObject({ amount: 40, kind: 'refund' });
    expect(cancelled.refund!.id).not.toBe(transactionId);
    expect(gatewayOf(b).reversals.filter((r) => r.transactionId === transactionId)).toEqual([
      { transactionId, kind: 'refund', reversalId: cancelled.refund!.id, amountCents: 4000 },
    ]);
  });

  it('still refunds a charge neither replica nor the ledger knows only by the amount given', async () => {
    expect(await gatewayOf(b).reverse('unknownrun')).toMatchObject({ outcome: 'provider-error' });
    expect(await gatewayOf(b).reverse('unknownrun', 1500)).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 1500 });
  });
});
