import { ApiRoute, GUEST_ORDER_TOKEN_PARAM, type OrderReturn } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall } from '@/lib/api-client';

/** The returns and exchanges of a guest order, by the token of its link, newest first; no account. */
export function listGuestOrderReturns(token: string, signal?: AbortSignal): Promise<OrderReturn[]> {
  return apiCall<OrderReturn[]>(ApiRoute.guestOrderReturns, { query: { [GUEST_ORDER_TOKEN_PARAM]: token }, signal });
}

export function useGuestOrderReturns(token: string) {
  return useQuery({
    queryKey: [...returnsQueryKey, 'guest', token],
    queryFn: ({ signal }) => listGuestOrderReturns(token, signal),
    enabled: token !== '',
    retry: false,
  });
}
