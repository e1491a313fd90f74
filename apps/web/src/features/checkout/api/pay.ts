import { ApiRoute, apiPath, IDEMPOTENCY_KEY_HEADER, type PaymentInfo, type PaymentRequest, type PaymentResult } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersQueryKey } from '@/api/orders/orders-query-key';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

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

/** Pays; afterwards stock and sold counts have moved, and the buyer (and the admin) have a new order. */
export function usePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentInfo, idempotencyKey }: { paymentInfo: PaymentInfo; idempotencyKey: string }) => pay(paymentInfo, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}
