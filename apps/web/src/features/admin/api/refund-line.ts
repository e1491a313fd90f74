import { ApiRoute, apiPath, type LineRefundRequest, type Order, type ProductSize } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { showChangedOrder } from './list-orders';

/**
 * Refunds one line of a paid order on its own (admins only; the charge must have settled, else 409): the product's,
 * in `size` for a line of a product sold in sizes, or its `variant` for a line of a product with other options.
 */
export function refundOrderLine(orderId: string, productId: string, size?: ProductSize, variant?: number): Promise<Order> {
  const body: LineRefundRequest =
    variant !== undefined ? { product: productId, variant } : size ? { product: productId, size } : { product: productId };
  return apiCall<Order>(apiPath(ApiRoute.orderLineRefund, { orderId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: body,
  });
}

/** Refunds a line: the admin's list shows the answer as it is; the buyers' own views read again when next shown. */
export function useRefundLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, productId, size, variant }: { orderId: string; productId: string; size?: ProductSize; variant?: number }) =>
      refundOrderLine(orderId, productId, size, variant),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
