import { ApiRoute, apiPath, type Order, type OrderStatus, type OrderStatusUpdate } from '@store/contract';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Every order in the shop (admins only). */
export function listAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiCall<Order[]>(apiPath(ApiRoute.ordersAll, { userId: currentAuth().userId }), { signedIn: true, signal });
}

/** Moves an order along Received -> Processing -> Shipped -> Delivered, or to Cancelled before shipping (admins only). */
export function updateOrderStatus(orderId: string, status: OrderStatus): Promise<Order> {
  const body: OrderStatusUpdate = { status };
  return apiCall<Order>(apiPath(ApiRoute.orderStatus, { orderId, userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    json: body,
  });
}
