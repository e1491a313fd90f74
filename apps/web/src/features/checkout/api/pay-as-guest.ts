import {
  ApiRoute,
  type GuestPaymentInfo,
  type GuestPaymentRequest,
  type GuestPaymentResult,
  IDEMPOTENCY_KEY_HEADER,
} from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productsQueryKey } from '@/api/products/products-query-key';
import { ApiError, apiCall } from '@/lib/api-client';
import { quoteQueryKey } from './get-quote';

/**
 * A guest pays (no account): the server prices the cart again, and refuses (409 with its new quote) a total that is
 * not its own; the same `idempotencyKey` on a retry returns the first answer. A paid answer's `orderToken` opens the
 * order's page (the e-mail carries the link too).
 */
export function payAsGuest(paymentInfo: GuestPaymentInfo, idempotencyKey: string): Promise<GuestPaymentResult> {
  const body: GuestPaymentRequest = { paymentInfo };
  return apiCall<GuestPaymentResult>(ApiRoute.guestPayment, {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Pays as a guest; afterwards stock has moved and a code's uses changed. */
export function usePayAsGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentInfo, idempotencyKey }: { paymentInfo: GuestPaymentInfo; idempotencyKey: string }) =>
      payAsGuest(paymentInfo, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      void queryClient.invalidateQueries({ queryKey: quoteQueryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        void queryClient.invalidateQueries({ queryKey: quoteQueryKey });
    },
  });
}
