import { ApiRoute, type ClientTokenResponse } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** The card form's token for a guest (no account), and which gateway it belongs to. */
export function getGuestClientToken(signal?: AbortSignal): Promise<ClientTokenResponse> {
  return apiCall<ClientTokenResponse>(ApiRoute.guestPaymentToken, { signal });
}

export function useGuestClientToken() {
  return useQuery({ queryKey: ['payment', 'client-token', 'guest'], queryFn: ({ signal }) => getGuestClientToken(signal) });
}
