import { ApiRoute, apiPath, type ClientTokenResponse } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The token the payment widget needs, and which gateway it belongs to (`braintree`, or the offline `test` one). */
export function getClientToken(signal?: AbortSignal): Promise<ClientTokenResponse> {
  return apiCall<ClientTokenResponse>(apiPath(ApiRoute.paymentToken, { userId: currentAuth().userId }), { signedIn: true, signal });
}

export function clientTokenQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['payment', 'client-token', userId],
    queryFn: ({ signal }) => getClientToken(signal),
  });
}

/** The signed-in buyer's payment token; nothing is asked while nobody is signed in. */
export function useClientToken() {
  const userId = useSession()?.user._id;
  return useQuery({ ...clientTokenQueryOptions(userId ?? ''), enabled: !!userId });
}
