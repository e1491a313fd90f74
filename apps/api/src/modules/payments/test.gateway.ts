import { randomBytes, randomInt } from 'node:crypto';
import {
  type ChargeLookup,
  type ChargeOutcome,
  type ChargeRequest,
  PaymentGateway,
  type ReversalOptions,
  type ReversalOutcome,
} from './payment-gateway.js';
import { sandboxSale } from './sandbox-rules.js';
import { LEDGER_SETTLED, LEDGER_VOIDED, MemoryLedger, type TestGatewayLedger } from './test-gateway-ledger.js';

/** What the test gateway remembers of a charge it approved. */
interface TestTransaction {
  amountCents: number;
  chargedAt: number;
  settled: boolean;
  /** Set once voided: the answer a repeated reversal gets. */
  voided?: Reversal;
  /** Its refunds so far, oldest first (partial refunds add up to at most the charge). */
  refunds: Reversal[];
}

interface Reversal {
  kind: 'void' | 'refund';
  reversalId: string;
  amountCents: number;
}

/** Like Braintree's sandbox, which settles a day's charges in a nightly batch: after this long a charge is settled. */
export const TEST_GATEWAY_SETTLE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Charges (and reversals) remembered, oldest forgotten first, so a long-running demo stays bounded in memory. */
const REMEMBERED = 10_000;

/**
 * The offline default gateway (no BRAINTREE_* keys): answers like Braintree's sandbox for its test nonces and
 * amounts, without keys or network, so the whole store works on a laptop and in CI. It never moves money.
 *
 * Reversals model Braintree's two states: a charge is unsettled (voided on cancel) until it is
 * TEST_GATEWAY_SETTLE_AFTER_MS old or `settle()` is called, then settled (refunded on cancel). A charge this
 * process did not make (another API replica did, or this one before a restart) is read from the ledger: its
 * amount, the time it was made and its status (settled and voided are written there), so every replica answers a
 * reversal alike. One the ledger does not have either counts as settled, and is refunded by the amount given.
 * The refunds of a charge are tallied by the process that made them.
 * A refund-only reversal (one line of an order) of an unsettled charge answers `not-settled`.
 * `failReversals(message)` makes every reversal fail with that message until `failReversals(undefined)`:
 * the refund-failure case, for tests and demos (Braintree's sandbox has no amount that fails a refund).
 */
export class TestGateway extends PaymentGateway {
  readonly name = 'test' as const;
  private readonly transactions = new Map<string, TestTransaction>();
  private reversalFailure: string | undefined;
  /** Every reversal this gateway performed, in order (tests count them). */
  readonly reversals: { transactionId: string; kind: 'void' | 'refund'; reversalId: string; amountCents: number }[] = [];

  constructor(
    private readonly settleAfterMs = TEST_GATEWAY_SETTLE_AFTER_MS,
    /** Every approved charge by order id, for {@link findCharge} (Postgres in the app, so it survives a restart). */
    private readonly ledger: TestGatewayLedger = new MemoryLedger(REMEMBERED),
  ) {
    super();
  }

  /**
   * Settles a charge now, as Braintree's nightly batch would (test hook): at once for this process, and for the
   * others once the ledger has it (await it then).
   */
  async settle(transactionId: string): Promise<void> {
    const transaction = this.transactions.get(transactionId);
    if (transaction) transaction.settled = true;
    await this.ledger.setStatus(transactionId, LEDGER_SETTLED);
  }

  /** The charge as this process knows it, else as the ledger has it (made by another process, or before a restart). */
  private async chargeOf(transactionId: string): Promise<TestTransaction | undefined> {
    const known = this.transactions.get(transactionId);
    if (known) return known;
    const entry = await this.ledger.findByTransaction(transactionId);
    if (!entry) return undefined;
    const read: TestTransaction = {
      amountCents: entry.amountCents,
      chargedAt: entry.chargedAt,
      settled: entry.status === LEDGER_SETTLED,
      voided: entry.status === LEDGER_VOIDED ? { kind: 'void', reversalId: transactionId, amountCents: entry.amountCents } : undefined,
      refunds: [],
    };
    this.remember(transactionId, read);
    return read;
  }

  private remember(transactionId: string, transaction: TestTransaction): void {
    if (this.transactions.size >= REMEMBERED) this.transactions.delete(this.transactions.keys().next().value as string);
    this.transactions.set(transactionId, transaction);
  }

  /** From now on every reversal fails with this message; `undefined` to stop (test hook). */
  failReversals(message: string | undefined): void {
    this.reversalFailure = message;
  }

  async reverse(transactionId: string, amountCents?: number, options: ReversalOptions = {}): Promise<ReversalOutcome> {
    if (this.reversalFailure !== undefined) return { outcome: 'provider-error', message: this.reversalFailure };
    let known: TestTransaction | undefined;
    try {
      known = await this.chargeOf(transactionId);
    } catch (error) {
      return { outcome: 'provider-error', message: `test gateway ledger: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (known?.voided) return { outcome: 'reversed', ...known.voided };
    let reversal: Reversal;
    if (known && !known.settled && Date.now() - known.chargedAt < this.settleAfterMs) {
      if (options.refundOnly) return { outcome: 'not-settled' };
      // A void cancels the whole authorization, whatever amount was asked for (as Braintree's does).
      reversal = { kind: 'void', reversalId: transactionId, amountCents: known.amountCents };
      // Written before it is answered: another process asked again must find it voided, not void it a second time.
      try {
        await this.ledger.setStatus(transactionId, LEDGER_VOIDED);
      } catch (error) {
        return { outcome: 'provider-error', message: `test gateway ledger: ${error instanceof Error ? error.message : String(error)}` };
      }
      known.voided = reversal;
    } else {
      const refunded = known?.refunds.reduce((sum, refund) => sum + refund.amountCents, 0) ?? 0;
      const last = known?.refunds.at(-1);
      // Fully refunded already (a retry after a crash): the last refund is the answer, as for Braintree.
      if (known && last && refunded >= known.amountCents && (amountCents === undefined || amountCents === last.amountCents)) {
        return { outcome: 'reversed', ...last };
      }
      const amount = amountCents ?? (known ? known.amountCents - refunded : undefined);
      if (amount === undefined) {
        return {
          outcome: 'provider-error',
          message: `Transaction ${transactionId} is unknown to the test gateway; give the amount to refund`,
        };
      }
      if (known && refunded + amount > known.amountCents) return { outcome: 'provider-error', message: 'Refund amount is too large.' };
      reversal = { kind: 'refund', reversalId: newTransactionId(), amountCents: amount };
      known?.refunds.push(reversal);
    }
    this.reversals.push({ transactionId, ...reversal });
    if (this.reversals.length > REMEMBERED) this.reversals.shift();
    return { outcome: 'reversed', ...reversal };
  }

  async findCharge(orderId: string): Promise<ChargeLookup> {
    try {
      const charge = await this.ledger.findByOrder(orderId);
      return charge
        ? { outcome: 'charged', transactionId: charge.transactionId, status: charge.status, amountCents: charge.amountCents }
        : { outcome: 'none' };
    } catch (error) {
      return { outcome: 'provider-error', message: `test gateway ledger: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  async clientToken(): Promise<string> {
    // Opaque to the browser, which shows its own test-card form when the gateway is "test".
    return `test-gateway-${randomBytes(12).toString('base64url')}`;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const result = sandboxSale(request.amountCents, request.paymentMethodNonce);
    switch (result.status) {
      case 'submitted_for_settlement': {
        const id = newTransactionId();
        // The ledger entry IS the charge: if it cannot be written, nothing was charged (a provider failure).
        try {
          await this.ledger.record({
            transactionId: id,
            orderId: request.orderId,
            amountCents: request.amountCents,
            status: result.status,
          });
        } catch (error) {
          return { outcome: 'provider-error', message: `test gateway ledger: ${error instanceof Error ? error.message : String(error)}` };
        }
        this.remember(id, { amountCents: request.amountCents, chargedAt: Date.now(), settled: false, refunds: [] });
        return { outcome: 'approved', transactionId: id, status: result.status, amountCents: request.amountCents };
      }
      case 'processor_declined':
        return { outcome: 'declined', code: result.code, message: result.text, transactionId: newTransactionId() };
      case 'gateway_rejected':
        return {
          outcome: 'declined',
          code: result.reason,
          message: `Gateway Rejected: ${result.reason}`,
          transactionId: newTransactionId(),
        };
      case 'validation_error':
        return { outcome: 'declined', code: result.code, message: result.message };
      case 'failed':
        return { outcome: 'provider-error', message: `${result.code} ${result.text}` };
    }
  }
}

/** Braintree transaction ids are short lower-case alphanumerics. */
const TRANSACTION_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Eight letters drawn with `randomInt`, which takes from a pool of random bytes it refills now and then: a call of
 * `randomBytes` per id went to OpenSSL every time (about 1% of the API's CPU a paid order under load,
 * docs/performance.md), and a byte modulo 36 favoured the first letters.
 */
function newTransactionId(): string {
  let id = '';
  for (let i = 0; i < 8; i += 1) id += TRANSACTION_ID_ALPHABET[randomInt(TRANSACTION_ID_ALPHABET.length)];
  return id;
}
