import { ApiRoute, type GuestReturnRequest, type OrderReturn, type ReturnRequest } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall } from '@/lib/api-client';

/** A guest asks to return or exchange units of their order, by the token of its link (docs/returns.md); no account. */
export function requestGuestReturn(request: GuestReturnRequest): Promise<OrderReturn> {
  return apiCall<OrderReturn>(ApiRoute.guestOrderReturns, { method: 'POST', json: request });
}

/** The request of the guest holding the link with `token`. */
export function useRequestGuestReturn(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReturnRequest) => requestGuestReturn({ token, ...request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
  });
}
