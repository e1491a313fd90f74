import { ApiRoute, apiPath, NEXT_CURSOR_HEADER, type Order, TOTAL_COUNT_HEADER } from '@store/contract';
import { apiCall, apiRequest, currentAuth } from '@/lib/api-client';

/** One page of the signed-in buyer's own orders, newest first, with the total and the next page's cursor. */
export async function listMyOrders(
  page: { limit: number; after?: string },
  signal?: AbortSignal,
): Promise<{ orders: Order[]; total: number; after?: string }> {
  const { data, headers } = await apiRequest<Order[]>(apiPath(ApiRoute.ordersOfUser, { userId: currentAuth().userId }), {
    signedIn: true,
    signal,
    query: { limit: page.limit, after: page.after },
  });
  const orders = Array.isArray(data) ? data : [];
  return { orders, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? orders.length), after: headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** One of the signed-in buyer's paid orders (404 for anyone else's): the confirmation page after paying. */
export function getMyOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>(apiPath(ApiRoute.order, { orderId, userId: currentAuth().userId }), { signedIn: true, signal });
}
