import { ApiRoute, apiPath, type Order } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buyersOrdersQueryKey } from '@/api/orders/orders-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** One of the signed-in buyer's paid orders (404 for anyone else's): the confirmation page after paying. */
export function getMyOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>(apiPath(ApiRoute.order, { orderId, userId: currentAuth().userId }), { signedIn: true, signal });
}

/** Under the buyer's own orders, so whatever refreshes them (an admin's status move) refreshes this too. */
export function myOrderQueryOptions(userId: string, orderId: string) {
  return queryOptions({
    queryKey: [...buyersOrdersQueryKey, userId, orderId],
    queryFn: ({ signal }) => getMyOrder(orderId, signal),
  });
}

export function useMyOrder(orderId: string) {
  return useQuery(myOrderQueryOptions(useSession()?.user._id ?? '', orderId));
}
