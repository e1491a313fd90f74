import { randomBytes } from 'node:crypto';
import { type ChargeOutcome, type ChargeRequest, PaymentGateway } from './payment-gateway.js';
import { sandboxSale } from './sandbox-rules.js';

/**
 * The offline default gateway (no BRAINTREE_* keys): answers like Braintree's sandbox for its test nonces and
 * amounts, without keys or network, so the whole store works on a laptop and in CI. It never moves money.
 */
export class TestGateway extends PaymentGateway {
  readonly name = 'test' as const;

  async clientToken(): Promise<string> {
    // Opaque to the browser, which shows its own test-card form when the gateway is "test".
    return `test-gateway-${randomBytes(12).toString('base64url')}`;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const result = sandboxSale(request.amountCents, request.paymentMethodNonce);
    switch (result.status) {
      case 'submitted_for_settlement':
        // Braintree transaction ids are short lower-case alphanumerics.
        return { outcome: 'approved', transactionId: transactionId(), status: result.status, amountCents: request.amountCents };
      case 'processor_declined':
        return { outcome: 'declined', code: result.code, message: result.text, transactionId: transactionId() };
      case 'gateway_rejected':
        return { outcome: 'declined', code: result.reason, message: `Gateway Rejected: ${result.reason}`, transactionId: transactionId() };
      case 'validation_error':
        return { outcome: 'declined', code: result.code, message: result.message };
      case 'failed':
        return { outcome: 'provider-error', message: `${result.code} ${result.text}` };
    }
  }
}

function transactionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join('');
}
