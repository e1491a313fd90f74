import { ApiRoute, apiPath, type OrderReturn, type ReturnStatus } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The newest returns and exchanges (staff), optionally of one status. */
export function listReturns(status?: ReturnStatus, signal?: AbortSignal): Promise<OrderReturn[]> {
  const path = apiPath(ApiRoute.returnsAll, { userId: currentAuth().userId });
  return apiCall<OrderReturn[]>(status ? `${path}?status=${status}` : path, { signedIn: true, signal });
}

export function useReturns(status?: ReturnStatus) {
  return useQuery({
    queryKey: [...returnsQueryKey, 'all', status ?? ''],
    queryFn: ({ signal }) => listReturns(status, signal),
  });
}
