import { ApiRoute, apiPath, type OrderReturn } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Rejects a return or exchange (staff); an exchange's held variant goes back on sale. */
export function rejectReturn(returnId: string): Promise<OrderReturn> {
  return apiCall<OrderReturn>(apiPath(ApiRoute.returnReject, { returnId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
  });
}

export function useRejectReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (returnId: string) => rejectReturn(returnId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
  });
}
