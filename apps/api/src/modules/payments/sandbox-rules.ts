import braintree from 'braintree';

/**
 * What Braintree's sandbox does with a sale, given its amount and nonce. The offline test gateway answers
 * by these rules, and so does the Braintree protocol fake the adapter's tests run against, so "test mode"
 * and a real sandbox account behave alike. The nonces are the ones the SDK ships in `braintree.Test.Nonces`.
 */
export type SandboxSaleOutcome =
  | { status: 'submitted_for_settlement' }
  | { status: 'processor_declined'; code: string; text: string }
  | { status: 'failed'; code: string; text: string }
  | { status: 'gateway_rejected'; reason: string }
  | { status: 'validation_error'; code: string; attribute: string; message: string };

// @types/braintree declares `Test` as a class whose members are instance fields; at run time they are plain values.
const Nonces = (braintree as unknown as { Test: { Nonces: Record<string, string> } }).Test.Nonces;

/** Every "transactable" test nonce: cards of each brand and type, wallets, PayPal one-time, Venmo. */
export const APPROVED_TEST_NONCES: ReadonlySet<string> = new Set(
  Object.entries(Nonces)
    .filter(([name]) => /^(Transactable|AbstractTransactable|ApplePay|AndroidPay|PayPalOneTimePayment$|VenmoAccount$)/.test(name))
    .map(([, nonce]) => nonce),
);

const DECLINED_NONCES = new Set([
  Nonces.ProcessorDeclinedVisa,
  Nonces.ProcessorDeclinedMasterCard,
  Nonces.ProcessorDeclinedAmEx,
  Nonces.ProcessorDeclinedDiscover,
]);

/** Processor response texts of the common sandbox decline codes (2000-2999 is "declined with that code"). */
const DECLINE_TEXTS: Record<number, string> = {
  2000: 'Do Not Honor',
  2001: 'Insufficient Funds',
  2002: 'Limit Exceeded',
  2003: "Cardholder's Activity Limit Exceeded",
  2004: 'Expired Card',
  2005: 'Invalid Credit Card Number',
  2006: 'Invalid Expiration Date',
  2007: 'No Account',
  2010: 'Card Issuer Declined CVV',
  2014: 'Processor Declined - Fraud Suspected',
  2015: 'Transaction Not Allowed',
  2046: 'Declined',
};

export const PROCESSOR_UNAVAILABLE = { code: '3000', text: 'Processor Network Unavailable - Try Again' } as const;

const validationError = (code: string, attribute: string, message: string): SandboxSaleOutcome => ({
  status: 'validation_error',
  code,
  attribute,
  message,
});

/** The sandbox's answer to `transaction.sale` for this amount (integer cents) and nonce. */
export function sandboxSale(amountCents: number, nonce: string): SandboxSaleOutcome {
  if (nonce === Nonces.Consumed) {
    return validationError('93107', 'payment_method_nonce', 'Cannot use a payment_method_nonce more than once.');
  }
  if (nonce === Nonces.LuhnInvalid) return validationError('81715', 'number', 'Credit card number is invalid.');
  if (amountCents <= 0) return validationError('81531', 'amount', 'Amount must be greater than zero.');

  if (DECLINED_NONCES.has(nonce)) return { status: 'processor_declined', code: '2000', text: DECLINE_TEXTS[2000] };
  if (nonce === Nonces.ProcessorFailureJCB) return { status: 'failed', ...PROCESSOR_UNAVAILABLE };
  if (nonce === Nonces.GatewayRejectedFraud) return { status: 'gateway_rejected', reason: 'fraud' };
  if (nonce === Nonces.GatewayRejectedRiskThresholds) return { status: 'gateway_rejected', reason: 'risk_threshold' };
  if (!APPROVED_TEST_NONCES.has(nonce)) {
    return validationError('91565', 'payment_method_nonce', 'Unknown or expired payment_method_nonce.');
  }

  // The sandbox's test amounts: the dollar part of 2000.00-2999.99 is the decline code.
  if (amountCents >= 200000 && amountCents <= 299999) {
    const code = Math.floor(amountCents / 100);
    return { status: 'processor_declined', code: String(code), text: DECLINE_TEXTS[code] ?? 'Processor Declined' };
  }
  if (amountCents >= 300000 && amountCents <= 300099) return { status: 'failed', ...PROCESSOR_UNAVAILABLE };
  if (amountCents === 500100) return { status: 'gateway_rejected', reason: 'application_incomplete' };
  return { status: 'submitted_for_settlement' };
}
