import { ApiRoute, apiPath, IDEMPOTENCY_KEY_HEADER, type PaymentInfo, type PaymentRequest, type PaymentResult } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersQueryKey } from '@/api/orders/orders-query-key';
import { productsQueryKey } from '@/api/products/products-query-key';
import { ApiError, apiCall, currentAuth } from '@/lib/api-client';
import { quoteQueryKey } from './get-quote';

/**
 * Charges the cart. The server prices `products` with the shipping method and code itself (docs/pricing.md) and
 * refuses (409, with its new quote) when `amount` is not its total;
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

/** Pays; afterwards stock and sold counts have moved, and the buyer (and the admin) have a new order. */
export function usePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentInfo, idempotencyKey }: { paymentInfo: PaymentInfo; idempotencyKey: string }) => pay(paymentInfo, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      // A code's uses changed: the next quote with it reads them again.
      void queryClient.invalidateQueries({ queryKey: quoteQueryKey });
    },
    onError: (error) => {
      // Refused with a new price (409) or a pricing rule (4xx): the quote shown is re-read.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        void queryClient.invalidateQueries({ queryKey: quoteQueryKey });
    },
  });
}
