import { ApiRoute, apiPath, type OrderReturn } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Refunds a received return through the gateway (owners). */
export function refundReturn(returnId: string): Promise<OrderReturn> {
  return apiCall<OrderReturn>(apiPath(ApiRoute.returnRefund, { returnId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
  });
}

export function useRefundReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (returnId: string) => refundReturn(returnId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
  });
}
