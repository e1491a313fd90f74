import { ApiRoute, apiPath, type Order } from '@store/contract';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The signed-in buyer's own orders. */
export function listMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiCall<Order[]>(apiPath(ApiRoute.ordersOfUser, { userId: currentAuth().userId }), { signedIn: true, signal });
}
