import { Logger } from '@nestjs/common';
import braintree from 'braintree';
import { PaymentProviderError } from '../../common/errors.js';
import type { BraintreeConfig, BraintreeEnvironmentName } from '../../config/env.js';
import { type ChargeOutcome, type ChargeRequest, PaymentGateway } from './payment-gateway.js';
import { centsToAmount } from './sandbox-rules.js';

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
        amount: centsToAmount(request.amountCents),
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
        amountCents: amountToCents(transaction.amount) ?? request.amountCents,
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
}

function amountToCents(amount: string | undefined): number | undefined {
  const match = /^(\d+)\.(\d{2})$/.exec(amount ?? '');
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

/** An SDK error in one line, without request details (which could carry credentials). */
function describe(error: unknown): string {
  if (error instanceof Error) return `${(error as Error & { type?: string }).type ?? error.name}: ${error.message}`;
  return String(error);
}
