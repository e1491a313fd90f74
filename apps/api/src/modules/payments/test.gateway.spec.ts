import braintree from 'braintree';
import { MemoryLedger } from './test-gateway-ledger.js';
import { TestGateway } from './test.gateway.js';

const Test = (braintree as unknown as { Test: { Nonces: Record<string, string>; TransactionAmounts: Record<string, string> } }).Test;
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

/** The offline gateway answers like Braintree's sandbox, using the test values shipped in the SDK. */
describe('TestGateway', () => {
  const gateway = new TestGateway();
  const charge = (amountCents: number, paymentMethodNonce: string) =>
    gateway.charge({ orderId: '3f1c1c1e-7a51-4a4e-9a5e-6f0f2e6b2a10', amountCents, paymentMethodNonce });

  it('names itself "test" and hands out opaque client tokens', async () => {
    expect(gateway.name).toBe('test');
    const [a, b] = [await gateway.clientToken(), await gateway.clientToken()];
    expect(a).toMatch(/^test-gateway-/);
    expect(a).not.toBe(b);
  });

  it.each([
    Test.Nonces.Transactable,
    Test.Nonces.TransactableVisa,
    Test.Nonces.TransactableMasterCard,
    Test.Nonces.TransactableAmEx,
    Test.Nonces.ApplePayVisa,
    Test.Nonces.PayPalOneTimePayment,
  ])('approves the valid test nonce %s and submits it for settlement', async (nonce) => {
    expect(await charge(1999, nonce)).toEqual({
      outcome: 'approved',
      transactionId: expect.stringMatching(/^[a-z0-9]{8}$/),
      status: 'submitted_for_settlement',
      amountCents: 1999,
    });
  });

  it.each([Test.Nonces.ProcessorDeclinedVisa, Test.Nonces.ProcessorDeclinedMasterCard])(
    'declines %s with 2000 Do Not Honor',
    async (nonce) => {
      expect(await charge(1000, nonce)).toEqual(expect.objectContaining({ outcome: 'declined', code: '2000', message: 'Do Not Honor' }));
    },
  );

  it.each([
    [Test.TransactionAmounts.Decline, '2000'],
    ['2001.00', '2001'],
    ['2999.99', '2999'],
  ])('declines the amount %s with processor code %s', async (amount, code) => {
    expect(await charge(cents(amount), Test.Nonces.Transactable)).toEqual(expect.objectContaining({ outcome: 'declined', code }));
  });

  it.each(['1999.99', '3001.00', Test.TransactionAmounts.Authorize])('approves the amount %s', async (amount) => {
    expect((await charge(cents(amount), Test.Nonces.Transactable)).outcome).toBe('approved');
  });

  it.each([Test.TransactionAmounts.Fail, '3000.99'])('fails the amount %s as a provider error', async (amount) => {
    expect(await charge(cents(amount), Test.Nonces.Transactable)).toEqual({
      outcome: 'provider-error',
      message: '3000 Processor Network Unavailable - Try Again',
    });
  });

  it.each([
    [Test.Nonces.Consumed, '93107'],
    ['not-a-test-nonce', '91565'],
  ])('refuses the nonce %s as Braintree would (code %s)', async (nonce, code) => {
    expect(await charge(1000, nonce)).toEqual(expect.objectContaining({ outcome: 'declined', code }));
  });

  it('refuses a zero amount as Braintree would', async () => {
    expect(await charge(0, Test.Nonces.Transactable)).toEqual(expect.objectContaining({ outcome: 'declined', code: '81531' }));
  });

  describe('reverse', () => {
    const approvedBy = async (gateway: TestGateway, amountCents: number): Promise<string> => {
      const outcome = await gateway.charge({
        orderId: '3f1c1c1e-7a51-4a4e-9a5e-6f0f2e6b2a10',
        amountCents,
        paymentMethodNonce: 'fake-valid-nonce',
      });
      if (outcome.outcome !== 'approved') throw new Error('not approved');
      return outcome.transactionId;
    };

    it('voids an unsettled charge whole, and answers a repeat with the same void', async () => {
      const gateway = new TestGateway();
      const id = await approvedBy(gateway, 2500);
      const outcome = { outcome: 'reversed', kind: 'void', reversalId: id, amountCents: 2500 };
      expect(await gateway.reverse(id, 2500)).toEqual(outcome);
      expect(await gateway.reverse(id, 2500)).toEqual(outcome);
      expect(gateway.reversals).toHaveLength(1);
    });

    it('refunds a charge settled by the hook, or by age, as a new credit id', async () => {
      const gateway = new TestGateway();
      const id = await approvedBy(gateway, 1000);
      await gateway.settle(id);
      const refund = await gateway.reverse(id, 1000);
      expect(refund).toEqual({
        outcome: 'reversed',
        kind: 'refund',
        reversalId: expect.stringMatching(/^[a-z0-9]{8}$/),
        amountCents: 1000,
      });
      expect(refund).not.toMatchObject({ reversalId: id });

      const settlesAtOnce = new TestGateway(0);
      expect(await settlesAtOnce.reverse(await approvedBy(settlesAtOnce, 400), 400)).toMatchObject({ kind: 'refund', amountCents: 400 });
    });

    it('refunds a charge it never saw (made before a restart) by the amount given', async () => {
      expect(await new TestGateway().reverse('olderrun', 1500)).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 1500 });
      expect(await new TestGateway().reverse('olderrun')).toMatchObject({ outcome: 'provider-error' });
    });

    it('judges a charge another process made by the shared ledger: its amount, time and status', async () => {
      const ledger = new MemoryLedger();
      const [made, other] = [new TestGateway(undefined, ledger), new TestGateway(undefined, ledger)];
      const voided = await approvedBy(made, 2500);
      const outcome = { outcome: 'reversed', kind: 'void', reversalId: voided, amountCents: 2500 };
      expect(await other.reverse(voided)).toEqual(outcome);
      expect((await ledger.findByTransaction(voided))?.status).toBe('voided');
      // A third process (a restart) finds it voided too, and voids nothing again.
      const restarted = new TestGateway(undefined, ledger);
      expect(await restarted.reverse(voided)).toEqual(outcome);
      expect(restarted.reversals).toEqual([]);

      const settled = await approvedBy(made, 1200);
      await made.settle(settled);
      expect(await other.reverse(settled)).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 1200 });
      expect(await other.reverse(settled, 100, { refundOnly: true })).toEqual({
        outcome: 'provider-error',
        message: 'Refund amount is too large.',
      });

      // An old charge counts as settled by its time in the ledger, as for the process that made it.
      const aged = new TestGateway(0, ledger);
      const old = await approvedBy(made, 800);
      expect(await aged.reverse(old, 800, { refundOnly: true })).toMatchObject({ kind: 'refund', amountCents: 800 });
      expect(await other.reverse(await approvedBy(made, 300), 300, { refundOnly: true })).toEqual({ outcome: 'not-settled' });
    });

    it('answers a provider error when the ledger cannot be read, and reverses nothing', async () => {
      const ledger = new MemoryLedger();
      ledger.findByTransaction = async () => {
        throw new Error('connection refused');
      };
      const gateway = new TestGateway(undefined, ledger);
      expect(await gateway.reverse('elsewhere1', 500)).toEqual({
        outcome: 'provider-error',
        message: 'test gateway ledger: connection refused',
      });
      expect(gateway.reversals).toEqual([]);
    });

    it('fails every reversal while told to, and refuses more than was charged', async () => {
      const gateway = new TestGateway(0);
      const id = await approvedBy(gateway, 1000);
      gateway.failReversals('Processor declined the refund');
      expect(await gateway.reverse(id, 1000)).toEqual({ outcome: 'provider-error', message: 'Processor declined the refund' });
      gateway.failReversals(undefined);
      expect(await gateway.reverse(id, 1001)).toEqual({ outcome: 'provider-error', message: 'Refund amount is too large.' });
      expect(gateway.reversals).toEqual([]);
    });

    it('refunds part of a settled charge, then the rest, but never voids for a refund-only reversal', async () => {
      const gateway = new TestGateway();
      const id = await approvedBy(gateway, 1000);
      expect(await gateway.reverse(id, 300, { refundOnly: true })).toEqual({ outcome: 'not-settled' });
      await gateway.settle(id);
      expect(await gateway.reverse(id, 300, { refundOnly: true })).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 300 });
      expect(await gateway.reverse(id, 800)).toEqual({ outcome: 'provider-error', message: 'Refund amount is too large.' });
      expect(await gateway.reverse(id)).toMatchObject({ outcome: 'reversed', kind: 'refund', amountCents: 700 });
      expect(gateway.reversals.map((r) => r.amountCents)).toEqual([300, 700]);
    });
  });
});
