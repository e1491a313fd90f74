import {
  ApiRoute,
  apiPath,
  IDEMPOTENCY_KEY_HEADER,
  type ClientTokenResponse,
  type PaymentInfo,
  type PaymentRequest,
  type PaymentResult,
} from '@store/contract';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The token the payment widget needs, and which gateway it belongs to (`braintree`, or the offline `test` one). */
export function getClientToken(signal?: AbortSignal): Promise<ClientTokenResponse> {
  return apiCall<ClientTokenResponse>(apiPath(ApiRoute.paymentToken, { userId: currentAuth().userId }), { signedIn: true, signal });
}

/**
 * Charges the cart. The server prices `products` itself and refuses (409) when `amount` is not its total;
 * the same `idempotencyKey` on a retry returns the first answer instead of charging twice.
 * A decline rejects with the server's error text (402).
 */
export function pay(paymentInfo: PaymentInfo, idempotencyKey: string): Promise<PaymentResult> {
  const body: PaymentRequest = { paymentInfo };
  return apiCall<PaymentResult>(apiPath(ApiRoute.payment, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
