import { ApiRoute, apiPath, type Order, type OrderStatus, type OrderStatusUpdate } from '@store/contract';
import { apiCall, type Auth } from '../../../lib/api-client';

/** The signed-in buyer's own orders. */
export function listMyOrders(auth: Auth, signal?: AbortSignal): Promise<Order[]> {
  return apiCall<Order[]>(apiPath(ApiRoute.ordersOfUser, { userId: auth.userId }), { token: auth.token, signal });
}

/** Every order in the shop (admins only). */
export function listAllOrders(auth: Auth, signal?: AbortSignal): Promise<Order[]> {
  return apiCall<Order[]>(apiPath(ApiRoute.ordersAll, { userId: auth.userId }), { token: auth.token, signal });
}

/** Moves an order along Received -> Processing -> Shipped -> Delivered, or to Cancelled before shipping (admins only). */
export function updateOrderStatus(auth: Auth, orderId: string, status: OrderStatus): Promise<Order> {
  const body: OrderStatusUpdate = { status };
  return apiCall<Order>(apiPath(ApiRoute.orderStatus, { orderId, userId: auth.userId }), { method: 'PUT', token: auth.token, json: body });
}
