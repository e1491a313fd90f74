import { ApiRoute, apiPath, type SalesOverview } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersQueryKey } from '@/api/orders/orders-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** Orders and revenue today / 7 / 30 days, best sellers, products low on stock (admins only). */
export function getSalesOverview(signal?: AbortSignal): Promise<SalesOverview> {
  return apiCall<SalesOverview>(apiPath(ApiRoute.ordersOverview, { userId: currentAuth().userId }), { signedIn: true, signal });
}

export function salesOverviewQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'overview', userId],
    queryFn: ({ signal }) => getSalesOverview(signal),
  });
}

export function useSalesOverview() {
  return useQuery(salesOverviewQueryOptions(useSession()?.user._id ?? ''));
}
