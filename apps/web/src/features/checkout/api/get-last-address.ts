import { ApiRoute, apiPath, type LastAddressResponse } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersQueryKey } from '@/api/orders/orders-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The address of the signed-in buyer's latest paid order that has one (`address: null` when none), to prefill checkout. */
export function getLastAddress(signal?: AbortSignal): Promise<LastAddressResponse> {
  return apiCall<LastAddressResponse>(apiPath(ApiRoute.lastAddress, { userId: currentAuth().userId }), { signedIn: true, signal });
}

/** Under the orders root: a new order (which may change it) refreshes it. */
export function lastAddressQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'last-address', userId],
    queryFn: ({ signal }) => getLastAddress(signal),
  });
}

/** The signed-in buyer's last address; nothing is asked while nobody is signed in. */
export function useLastAddress() {
  const userId = useSession()?.user._id;
  return useQuery({ ...lastAddressQueryOptions(userId ?? ''), enabled: !!userId });
}
