import { ApiRoute, apiPath, type OrderReturn } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The returns and exchanges of one of the buyer's orders, newest first. */
export function listOrderReturns(orderId: string, signal?: AbortSignal): Promise<OrderReturn[]> {
  return apiCall<OrderReturn[]>(apiPath(ApiRoute.orderReturns, { orderId, userId: currentAuth().userId }), { signedIn: true, signal });
}

export function useOrderReturns(orderId: string) {
  return useQuery({
    queryKey: [...returnsQueryKey, 'order', orderId],
    queryFn: ({ signal }) => listOrderReturns(orderId, signal),
  });
}
