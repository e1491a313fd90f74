import { ApiRoute, GUEST_ORDER_TOKEN_PARAM, type GuestOrder } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** A guest order by its link's token (404 for any other token); no account needed. */
export function getGuestOrder(token: string, signal?: AbortSignal): Promise<GuestOrder> {
  return apiCall<GuestOrder>(ApiRoute.guestOrder, { query: { [GUEST_ORDER_TOKEN_PARAM]: token }, signal });
}

/** The order of the link being read (nothing is asked without a token). */
export function useGuestOrder(token: string) {
  return useQuery({
    queryKey: ['orders', 'guest', token],
    queryFn: ({ signal }) => getGuestOrder(token, signal),
    enabled: token !== '',
    retry: false,
  });
}
