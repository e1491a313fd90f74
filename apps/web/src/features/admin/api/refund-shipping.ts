import { ApiRoute, apiPath, type Order } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { showChangedOrder } from './list-orders';

/** Refunds a paid order's shipping on its own, once (owners only; the charge must have settled, else 409). */
export function refundOrderShipping(orderId: string): Promise<Order> {
  return apiCall<Order>(apiPath(ApiRoute.orderShippingRefund, { orderId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
  });
}

/** Refunds the shipping: the admin's list shows the answer as it is; the buyers' own views read again when next shown. */
export function useRefundShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId }: { orderId: string }) => refundOrderShipping(orderId),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
