import type { PaymentGatewayName } from '@store/contract';

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
}
