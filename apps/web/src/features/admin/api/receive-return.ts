import { ApiRoute, apiPath, type OrderReturn, type ReturnReceipt } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The returned items arrived (staff): back on sale (`restock`) or written off. */
export function receiveReturn(returnId: string, restock: boolean): Promise<OrderReturn> {
  const body: ReturnReceipt = { restock };
  return apiCall<OrderReturn>(apiPath(ApiRoute.returnReceive, { returnId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: body,
  });
}

export function useReceiveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ returnId, restock }: { returnId: string; restock: boolean }) => receiveReturn(returnId, restock),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
  });
}
