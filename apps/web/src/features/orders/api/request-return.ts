import { ApiRoute, apiPath, type OrderReturn, type ReturnRequest } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The buyer asks to return or exchange units of their order's lines (docs/returns.md). */
export function requestReturn(orderId: string, request: ReturnRequest): Promise<OrderReturn> {
  return apiCall<OrderReturn>(apiPath(ApiRoute.orderReturns, { orderId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReturnRequest) => requestReturn(orderId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
  });
}
