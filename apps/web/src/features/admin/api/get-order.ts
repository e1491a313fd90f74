import { ApiRoute, apiPath, type Order } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersQueryKey } from '@/api/orders/orders-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** Any paid order by id, as an admin reads it (the packing slip). */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>(apiPath(ApiRoute.order, { orderId, userId: currentAuth().userId }), { signedIn: true, signal });
}

/** Under the orders' key, so whatever changes an order (a parcel, a status move) refreshes it too. */
export function orderQueryOptions(userId: string, orderId: string) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'one', userId, orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(useSession()?.user._id ?? '', orderId));
}
