import { ApiRoute, apiPath, type Order, type OrderStatus, type OrderStatusUpdate } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { showChangedOrder } from './list-orders';

/** Moves an order along Received -> Processing -> Shipped -> Delivered, or to Cancelled before shipping (admins only). */
export function updateOrderStatus(orderId: string, status: OrderStatus): Promise<Order> {
  const body: OrderStatusUpdate = { status };
  return apiCall<Order>(apiPath(ApiRoute.orderStatus, { orderId, userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    json: body,
  });
}

/** Moves an order: the admin's list shows the answer as it is; the buyers' own views read again when next shown. */
export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: OrderStatus }) => updateOrderStatus(orderId, status),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
