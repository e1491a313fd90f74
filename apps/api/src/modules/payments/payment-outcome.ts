import type { ErrorBody, PaymentDeclined, PaymentResult } from '@store/contract';

/**
 * A payment's answer as a value: status and body, stored as-is with an Idempotency-Key so every retry gets it.
 * Its own file so the checkout (payments.service) and the key store (idempotency.store) share it without
 * importing each other.
 */
export interface PaymentAnswer {
  status: number;
  /** `body.success` is true only for a paid order (a refused cart or provider failure has no `success` at all). */
  body: PaymentResult | PaymentDeclined | (ErrorBody & { success?: undefined });
}
