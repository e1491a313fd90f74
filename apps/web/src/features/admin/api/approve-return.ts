import { ApiRoute, apiPath, type OrderReturn } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Approves a requested return or exchange (staff). */
export function approveReturn(returnId: string): Promise<OrderReturn> {
  return apiCall<OrderReturn>(apiPath(ApiRoute.returnApprove, { returnId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
  });
}

export function useApproveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (returnId: string) => approveReturn(returnId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
  });
}
