import { Logger } from '@nestjs/common';
import braintree from 'braintree';
import { centsToDecimal, decimalToCents } from '@store/contract';
import { PaymentProviderError } from '../../common/errors.js';
import type { BraintreeConfig, BraintreeEnvironmentName } from '../../config/env.js';
import {
  type ChargeLookup,
  type ChargeOutcome,
  type ChargeRequest,
  PaymentGateway,
  type ReversalOptions,
  type ReversalOutcome,
} from './payment-gateway.js';

const ENVIRONMENTS: Record<BraintreeEnvironmentName, braintree.Environment> = {
  sandbox: braintree.Environment.Sandbox,
  production: braintree.Environment.Production,
  development: braintree.Environment.Development,
  qa: braintree.Environment.Qa,
};

/** Braintree's named environment, or (tests only) a local protocol fake at `serverUrl`. */
export function braintreeEnvironment(config: BraintreeConfig): braintree.Environment {
  if (!config.serverUrl) return ENVIRONMENTS[config.environment];
  const url = new URL(config.serverUrl);
  return new braintree.Environment(url.hostname, url.port, url.origin, url.protocol === 'https:', url.hostname, url.port);
}

/** Declines: the card or its issuer said no. `failed` (and anything unknown) is the processor failing instead. */
const DECLINED_STATUSES = new Set(['processor_declined', 'gateway_rejected', 'settlement_declined']);

/** States in which Braintree voids a transaction (the money never left the buyer's account). */
const VOIDABLE_STATUSES = new Set(['authorized', 'submitted_for_settlement', 'settlement_pending']);
/** States of a sale whose money was (or is being) taken: a crash recovery completes such an order. */
const CHARGED_STATUSES = new Set(['authorized', 'authorizing', 'submitted_for_settlement', 'settling', 'settled', 'settlement_pending']);
/** States in which only a refund (a new credit transaction) returns the money. */
const REFUNDABLE_STATUSES = new Set(['settled', 'settling']);

/**
 * The Braintree adapter: client tokens and `transaction.sale` through the official SDK, with our order id as
 * the transaction's `orderId` (so every charge can be matched to its order in the Braintree control panel).
 */
export class BraintreeGateway extends PaymentGateway {
  readonly name = 'braintree' as const;
  private readonly gateway: braintree.BraintreeGateway;
  private readonly logger = new Logger('BraintreeGateway');

  constructor(config: BraintreeConfig) {
    super();
    this.gateway = new braintree.BraintreeGateway({
      environment: braintreeEnvironment(config),
      merchantId: config.merchantId,
      publicKey: config.publicKey,
      privateKey: config.privateKey,
    });
  }

  async clientToken(): Promise<string> {
    try {
      const result = await this.gateway.clientToken.generate({});
      if (result.success && result.clientToken) return result.clientToken;
      this.logger.error(`Braintree refused a client token: ${result.message}`);
    } catch (error) {
      this.logger.error(`Braintree client token request failed: ${describe(error)}`);
    }
    throw new PaymentProviderError('The payment provider could not be reached; try again in a moment');
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    let result: braintree.ValidatedResponse<braintree.Transaction>;
    try {
      result = await this.gateway.transaction.sale({
        amount: centsToDecimal(request.amountCents),
        paymentMethodNonce: request.paymentMethodNonce,
        orderId: request.orderId,
        options: { submitForSettlement: true },
      });
    } catch (error) {
      // Network failures, timeouts, 5xx and credential errors: nothing the buyer can fix.
      this.logger.error(`Braintree sale for order ${request.orderId} failed: ${describe(error)}`);
      return { outcome: 'provider-error', message: 'The payment provider could not be reached' };
    }

    const transaction = result.transaction as braintree.Transaction | undefined;
    if (result.success && transaction) {
      return {
        outcome: 'approved',
        transactionId: transaction.id,
        status: transaction.status,
        amountCents: decimalToCents(transaction.amount) ?? request.amountCents,
      };
    }
    if (transaction && DECLINED_STATUSES.has(transaction.status)) {
      const rejected = transaction.status === 'gateway_rejected';
      return {
        outcome: 'declined',
        code: rejected ? transaction.gatewayRejectionReason : transaction.processorResponseCode,
        message: rejected
          ? `Gateway Rejected: ${transaction.gatewayRejectionReason}`
          : (transaction.processorResponseText ?? result.message),
        transactionId: transaction.id,
      };
    }
    if (transaction) {
      this.logger.error(`Braintree sale for order ${request.orderId} ended ${transaction.status}: ${result.message}`);
      return { outcome: 'provider-error', message: result.message };
    }
    // Validation errors, e.g. a used, unknown or expired nonce: the payment method was refused before processing.
    const first = result.errors?.deepErrors()[0];
    return { outcome: 'declined', code: first?.code, message: result.message };
  }

  /** `transaction.search` by orderId (two calls: the ids, then the transactions), first charged sale wins. */
  async findCharge(orderId: string): Promise<ChargeLookup> {
    try {
      const results = this.gateway.transaction.search((search) => search.orderId().is(orderId));
      for await (const found of results as AsyncIterable<braintree.Transaction>) {
        if (found.type === 'sale' && found.orderId === orderId && CHARGED_STATUSES.has(found.status)) {
          return {
            outcome: 'charged',
            transactionId: found.id,
            status: found.status,
            amountCents: decimalToCents(found.amount) ?? 0,
          };
        }
      }
      return { outcome: 'none' };
    } catch (error) {
      this.logger.error(`Braintree search for order ${orderId} failed: ${describe(error)}`);
      return { outcome: 'provider-error', message: 'The payment provider could not be reached' };
    }
  }

  reverse(transactionId: string, amountCents?: number, options: ReversalOptions = {}): Promise<ReversalOutcome> {
    return reverseWithBraintree(this.gateway, this.logger, transactionId, amountCents, options);
  }
}

/**
 * Reversal through the SDK: `transaction.find` reads the charge's status, then `transaction.void` (unsettled) or
 * `transaction.refund(id, amount)` (settled). A charge that settles between the find and the void makes the void
 * fail with a status error; the refund is then tried once, as the status now asks.
 */
async function reverseWithBraintree(
  gateway: braintree.BraintreeGateway,
  logger: Logger,
  transactionId: string,
  amountCents: number | undefined,
  options: ReversalOptions,
): Promise<ReversalOutcome> {
  const failed = (what: string, error: unknown): ReversalOutcome => {
    logger.error(`Braintree ${what} of transaction ${transactionId} failed: ${describe(error)}`);
    return { outcome: 'provider-error', message: 'The payment provider could not be reached; nothing was refunded, try again in a moment' };
  };
  let transaction: braintree.Transaction;
  try {
    transaction = await gateway.transaction.find(transactionId);
  } catch (error) {
    if ((error as { type?: string }).type === 'notFoundError') {
      return { outcome: 'provider-error', message: `The payment provider has no transaction ${transactionId}; nothing was refunded` };
    }
    return failed('lookup', error);
  }
  const fullCents = decimalToCents(transaction.amount);

  // Already done (a retry after a crash between the provider's answer and our commit): report what was done.
  if (transaction.status === 'voided') {
    return { outcome: 'reversed', kind: 'void', reversalId: transaction.id, amountCents: fullCents ?? amountCents ?? 0 };
  }
  const refundIds = transaction.refundIds ?? [];
  // A full refund asked of a charge that already has one: the earlier one (ours, or an operator's) is the answer.
  if (refundIds.length > 0 && (amountCents === undefined || amountCents === fullCents)) {
    return { outcome: 'reversed', kind: 'refund', reversalId: refundIds[refundIds.length - 1], amountCents: fullCents ?? 0 };
  }

  let kind: 'void' | 'refund';
  if (VOIDABLE_STATUSES.has(transaction.status)) {
    // A void takes back the whole charge: never the answer to a partial refund.
    if (options.refundOnly) return { outcome: 'not-settled' };
    kind = 'void';
  } else if (REFUNDABLE_STATUSES.has(transaction.status)) kind = 'refund';
  else return { outcome: 'provider-error', message: `The payment is ${transaction.status.replace(/_/g, ' ')} and cannot be refunded` };

  for (let attempt = 0; attempt < 2; attempt += 1) {
    let result: braintree.ValidatedResponse<braintree.Transaction>;
    try {
      result =
        kind === 'void'
          ? await gateway.transaction.void(transactionId)
          : await gateway.transaction.refund(transactionId, amountCents === undefined ? undefined : centsToDecimal(amountCents));
    } catch (error) {
      return failed(kind, error);
    }
    const done = result.transaction as braintree.Transaction | undefined;
    if (result.success && done) {
      return {
        outcome: 'reversed',
        kind,
        reversalId: done.id,
        amountCents: decimalToCents(done.amount) ?? amountCents ?? fullCents ?? 0,
      };
    }
    const codes = result.errors?.deepErrors().map((error) => error.code) ?? [];
    // 91504: "can only be voided if status is authorized, submitted_for_settlement…": it settled meanwhile.
    if (kind === 'void' && codes.includes('91504') && !options.refundOnly) {
      kind = 'refund';
      continue;
    }
    logger.warn(`Braintree refused to ${kind} transaction ${transactionId}: ${result.message}`);
    return { outcome: 'provider-error', message: `The payment provider refused the ${kind}: ${result.message}` };
  }
  return { outcome: 'provider-error', message: 'The payment provider refused the void and the refund' };
}

/** An SDK error in one line, without request details (which could carry credentials). */
function describe(error: unknown): string {
  if (error instanceof Error) return `${(error as Error & { type?: string }).type ?? error.name}: ${error.message}`;
  return String(error);
}
