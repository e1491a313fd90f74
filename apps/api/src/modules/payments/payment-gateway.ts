import type { PaymentGatewayName, RefundKind } from '@store/contract';

export interface ChargeRequest {
  /** Our order id: Braintree keeps it as the transaction's `orderId`, which ties a charge to its order. */
  orderId: string;
  amountCents: number;
  paymentMethodNonce: string;
}

/**
 * How a charge ended. A decline is an expected outcome (the card said no: 402, nothing charged); a provider
 * error means the provider could not be reached or failed to process it (502).
 */
export type ChargeOutcome =
  | { outcome: 'approved'; transactionId: string; status: string; amountCents: number }
  | { outcome: 'declined'; message: string; code?: string; transactionId?: string }
  | { outcome: 'provider-error'; message: string };

/**
 * What the provider knows of an order's charge, asked after a crash: `charged` (a successful sale with that order
 * id exists: the buyer paid), `none` (no such sale: nothing was taken), or `provider-error` (cannot tell now).
 */
export type ChargeLookup =
  | { outcome: 'charged'; transactionId: string; status: string; amountCents: number }
  | { outcome: 'none' }
  | { outcome: 'provider-error'; message: string };

/**
 * How returning a charge's money ended. `reversed`: the provider voided the charge (`kind: 'void'`, it had not
 * settled; `reversalId` is the charge's own id) or refunded it (`kind: 'refund'`, it had settled; `reversalId` is
 * the new credit's id). `provider-error`: nothing was returned (the provider refused or could not be reached);
 * `message` says why, for the admin.
 */
export type ReversalOutcome =
  | { outcome: 'reversed'; kind: RefundKind; reversalId: string; amountCents: number }
  | { outcome: 'not-settled' }
  | { outcome: 'provider-error'; message: string };

export interface ReversalOptions {
  /**
   * Only a refund will do (part of a charge): an unsettled charge answers `not-settled` instead of being voided,
   * since a void always cancels the whole charge.
   */
  refundOnly?: boolean;
}

/**
 * The payments port: the one thing the checkout knows about card payments. Two adapters implement it:
 * Braintree through its SDK, and the offline test gateway that follows Braintree's sandbox rules.
 * Nest injects whichever the configuration selects under this class as the token.
 */
export abstract class PaymentGateway {
  abstract readonly name: PaymentGatewayName;

  /** A client token for the browser's card form; throws PaymentProviderError when the provider fails. */
  abstract clientToken(): Promise<string>;

  /** Charges the nonce and submits it for settlement. Never throws for a decline or a provider failure. */
  abstract charge(request: ChargeRequest): Promise<ChargeOutcome>;

  /**
   * Looks for a successful charge made for `orderId` (the checkout passes its order id with every charge). The
   * crash recovery asks this before it fails an order whose process died mid-payment. Never throws.
   */
  abstract findCharge(orderId: string): Promise<ChargeLookup>;

  /**
   * Gives a charge's money back, choosing by the transaction's state at the provider: an unsettled charge
   * (authorized, submitted for settlement) is voided whole; a settled (or settling) one is refunded,
   * `amountCents` of it or all of it. Safe to repeat after a crash: a charge already voided or fully refunded
   * answers `reversed` with what was done before instead of failing. Never throws.
   */
  abstract reverse(transactionId: string, amountCents?: number, options?: ReversalOptions): Promise<ReversalOutcome>;
}
