import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import braintree from 'braintree';
import { type BraintreeFake, startBraintreeFake } from '../../../test/support/braintree-fake.js';
import { PaymentProviderError } from '../../common/errors.js';
import { BraintreeGateway, braintreeEnvironment } from './braintree.gateway.js';

/** The adapter through the real `braintree` SDK, against a local fake of Braintree's HTTP protocol. */
describe('BraintreeGateway', () => {
  let fake: BraintreeFake;
  let gateway: BraintreeGateway;
  const orderId = '3f1c1c1e-7a51-4a4e-9a5e-6f0f2e6b2a10';

  beforeAll(async () => {
    fake = await startBraintreeFake();
    gateway = new BraintreeGateway(fake.config);
    // Provider failures are logged as errors by design; keep the test output readable.
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => fake.close());
  afterEach(() => fake.failWith(undefined));

  it('uses the named Braintree environment unless a server URL is given', () => {
    const keys = { merchantId: 'm', publicKey: 'pub', privateKey: 'priv' };
    expect(braintreeEnvironment({ ...keys, environment: 'production' })).toBe(braintree.Environment.Production);
    expect(braintreeEnvironment({ ...keys, environment: 'sandbox' })).toBe(braintree.Environment.Sandbox);
    const local = new URL(fake.config.serverUrl!);
    expect(braintreeEnvironment(fake.config)).toEqual(expect.objectContaining({ server: '127.0.0.1', port: local.port, ssl: false }));
  });

  it('gets a client token with the merchant credentials', async () => {
    const token = await gateway.clientToken();
    expect(JSON.parse(Buffer.from(token, 'base64').toString())).toEqual(expect.objectContaining({ merchantId: 'fake_merchant' }));
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/merchants/fake_merchant/client_token');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('fake_public_key:fake_private_key').toString('base64')}`);
    expect(request.headers['x-apiversion']).toBe('6');
  });

  it('charges the amount in dollars with our order id and submits it for settlement', async () => {
    const outcome = await gateway.charge({ orderId, amountCents: 1250, paymentMethodNonce: 'fake-valid-nonce' });
    expect(outcome).toEqual({
      outcome: 'approved',
      transactionId: expect.stringMatching(/^\w+$/),
      status: 'submitted_for_settlement',
      amountCents: 1250,
    });
    expect(fake.sales.at(-1)).toEqual({
      amount: '12.50',
      payment_method_nonce: 'fake-valid-nonce',
      order_id: orderId,
      options: { submit_for_settlement: true },
      type: 'sale',
    });
  });

  it('reports a processor decline with its code and text', async () => {
    const byNonce = await gateway.charge({ orderId, amountCents: 1000, paymentMethodNonce: 'fake-processor-declined-visa-nonce' });
    expect(byNonce).toEqual({ outcome: 'declined', code: '2000', message: 'Do Not Honor', transactionId: expect.any(String) });
    const byAmount = await gateway.charge({ orderId, amountCents: 200100, paymentMethodNonce: 'fake-valid-nonce' });
    expect(byAmount).toEqual({ outcome: 'declined', code: '2001', message: 'Insufficient Funds', transactionId: expect.any(String) });
  });

  it('reports a gateway rejection as a decline', async () => {
    const outcome = await gateway.charge({ orderId, amountCents: 1000, paymentMethodNonce: 'fake-gateway-rejected-fraud-nonce' });
    expect(outcome).toEqual({ outcome: 'declined', code: 'fraud', message: 'Gateway Rejected: fraud', transactionId: expect.any(String) });
  });

  it('reports a validation error (a used nonce) as a decline with Braintree’s message', async () => {
    const outcome = await gateway.charge({ orderId, amountCents: 1000, paymentMethodNonce: 'fake-consumed-nonce' });
    expect(outcome).toEqual({ outcome: 'declined', code: '93107', message: 'Cannot use a payment_method_nonce more than once.' });
  });

  it('reports a failed transaction (processor unavailable) as a provider error', async () => {
    const outcome = await gateway.charge({ orderId, amountCents: 300000, paymentMethodNonce: 'fake-valid-nonce' });
    expect(outcome).toEqual({ outcome: 'provider-error', message: 'Processor Network Unavailable - Try Again' });
  });

  it.each([500, 503, 401])('reports HTTP %i from Braintree as a provider error', async (status) => {
    fake.failWith(status);
    expect(await gateway.charge({ orderId, amountCents: 1000, paymentMethodNonce: 'fake-valid-nonce' })).toEqual({
      outcome: 'provider-error',
      message: 'The payment provider could not be reached',
    });
    await expect(gateway.clientToken()).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('reports wrong credentials as a provider error', async () => {
    const wrongKeys = new BraintreeGateway({ ...fake.config, privateKey: 'not-the-key' });
    expect((await wrongKeys.charge({ orderId, amountCents: 1000, paymentMethodNonce: 'fake-valid-nonce' })).outcome).toBe('provider-error');
  });

  it('reports an unreachable Braintree as a provider error', async () => {
    const gone = await startBraintreeFake();
    await gone.close();
    const unreachable = new BraintreeGateway(gone.config);
    expect(await unreachable.charge({ orderId, amountCents: 1000, paymentMethodNonce: 'fake-valid-nonce' })).toEqual({
      outcome: 'provider-error',
      message: 'The payment provider could not be reached',
    });
    await expect(unreachable.clientToken()).rejects.toBeInstanceOf(PaymentProviderError);
  });

  describe('reverse', () => {
    afterEach(() => fake.refuseReversals(undefined));
    const approved = async (amountCents: number): Promise<string> => {
      const outcome = await gateway.charge({ orderId, amountCents, paymentMethodNonce: 'fake-valid-visa-nonce' });
      if (outcome.outcome !== 'approved') throw new Error(`the fake did not approve: ${JSON.stringify(outcome)}`);
      return outcome.transactionId;
    };

    it('voids a transaction submitted for settlement', async () => {
      const id = await approved(1250);
      expect(await gateway.reverse(id, 1250)).toEqual({ outcome: 'reversed', kind: 'void', reversalId: id, amountCents: 1250 });
      expect(fake.transactions.get(id)?.status).toBe('voided');
    });

    it('refunds a settled transaction with a credit of the amount asked, or of all of it', async () => {
      const id = await approved(3000);
      fake.settle(id);
      const partial = await gateway.reverse(id, 1000);
      expect(partial).toEqual({ outcome: 'reversed', kind: 'refund', reversalId: expect.any(String), amountCents: 1000 });
      const rest = await gateway.reverse(id, 2000);
      expect(rest).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 2000 });
      expect(fake.transactions.get(id)?.refundIds).toHaveLength(2);
    });

    it('refunds instead when the transaction settles between the lookup and the void', async () => {
      const id = await approved(700);
      fake.settleAfterNextFind();
      const outcome = await gateway.reverse(id, 700);
      expect(outcome).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 700 });
      const calls = fake.requests.filter((r) => r.path.includes(id)).map((r) => `${r.method} ${r.path.split(id)[1] || '/'}`);
      expect(calls).toEqual(['GET /', 'PUT /void', 'POST /refund']);
    });

    it('answers what was done before for a transaction already voided or fully refunded', async () => {
      const voided = await approved(500);
      await gateway.reverse(voided, 500);
      expect(await gateway.reverse(voided, 500)).toEqual({ outcome: 'reversed', kind: 'void', reversalId: voided, amountCents: 500 });
      const settled = await approved(800);
      fake.settle(settled);
      const first = await gateway.reverse(settled, 800);
      expect(first).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 800 });
      expect(await gateway.reverse(settled, 800)).toEqual(first);
      expect(await gateway.reverse(settled)).toEqual(first);
      expect(fake.transactions.get(settled)?.refundIds).toHaveLength(1);
    });

    it('is a provider error, never a throw, for a refusal, an unknown transaction or an outage', async () => {
      const id = await approved(900);
      fake.refuseReversals('Processor Declined');
      expect(await gateway.reverse(id, 900)).toEqual({
        outcome: 'provider-error',
        message: 'The payment provider refused the void: Processor Declined',
      });
      fake.refuseReversals(undefined);
      expect(await gateway.reverse('nosuchtx', 900)).toEqual({
        outcome: 'provider-error',
        message: 'The payment provider has no transaction nosuchtx; nothing was refunded',
      });
      fake.failWith(503);
      expect(await gateway.reverse(id, 900)).toMatchObject({
        outcome: 'provider-error',
        message: expect.stringMatching(/could not be reached/),
      });
    });

    it('answers not-settled instead of voiding when only a refund will do', async () => {
      const id = await approved(1500);
      expect(await gateway.reverse(id, 500, { refundOnly: true })).toEqual({ outcome: 'not-settled' });
      expect(fake.transactions.get(id)?.status).toBe('submitted_for_settlement');
      fake.settle(id);
      expect(await gateway.reverse(id, 500, { refundOnly: true })).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 500 });
    });
  });

  describe('findCharge (transaction.search by orderId, asked after a crash)', () => {
    it('finds the sale charged for an order, with its id, status and amount', async () => {
      const crashedOrder = 'a7d3c2b1-0000-4000-8000-00000000c0de';
      const charged = await gateway.charge({
        orderId: crashedOrder,
        amountCents: 4321,
        paymentMethodNonce: braintreeNonce('Transactable'),
      });
      expect(charged.outcome).toBe('approved');
      const found = await gateway.findCharge(crashedOrder);
      expect(found).toEqual({
        outcome: 'charged',
        transactionId: charged.outcome === 'approved' ? charged.transactionId : '',
        status: 'submitted_for_settlement',
        amountCents: 4321,
      });
      const paths = fake.requests.slice(-2).map((r) => r.path);
      expect(paths).toEqual([
        '/merchants/fake_merchant/transactions/advanced_search_ids',
        '/merchants/fake_merchant/transactions/advanced_search',
      ]);
    });

    it('answers none for an order never charged (a declined sale does not count)', async () => {
      const declinedOrder = 'a7d3c2b1-0000-4000-8000-00000000dec1';
      await gateway.charge({ orderId: declinedOrder, amountCents: 200000, paymentMethodNonce: braintreeNonce('Transactable') });
      expect(await gateway.findCharge(declinedOrder)).toEqual({ outcome: 'none' });
      expect(await gateway.findCharge('a7d3c2b1-0000-4000-8000-000000000000')).toEqual({ outcome: 'none' });
    });

    it('answers provider-error (never throws) when Braintree is down', async () => {
      fake.failWith(503);
      expect(await gateway.findCharge(orderId)).toEqual({
        outcome: 'provider-error',
        message: 'The payment provider could not be reached',
      });
    });
  });
});

/** A test nonce the SDK ships (`braintree.Test.Nonces`). */
function braintreeNonce(name: string): string {
  return (braintree as unknown as { Test: { Nonces: Record<string, string> } }).Test.Nonces[name];
}
