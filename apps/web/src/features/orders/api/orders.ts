import { ApiRoute, apiPath, type Order } from '@store/contract';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The signed-in buyer's own orders. */
export function listMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiCall<Order[]>(apiPath(ApiRoute.ordersOfUser, { userId: currentAuth().userId }), { signedIn: true, signal });
}

/** One of the signed-in buyer's paid orders (404 for anyone else's): the confirmation page after paying. */
export function getMyOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>(apiPath(ApiRoute.order, { orderId, userId: currentAuth().userId }), { signedIn: true, signal });
}
