import { ApiRoute, apiPath, type TwoFactorCodeRequest, type TwoFactorRecoveryCodes } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { twoFactorStatusQueryKey } from './two-factor-status';

/** Ten new recovery codes for a code from the app; the earlier ones stop working. Shown this once. */
export function regenerateRecoveryCodes(request: TwoFactorCodeRequest): Promise<TwoFactorRecoveryCodes> {
  return apiCall<TwoFactorRecoveryCodes>(apiPath(ApiRoute.twoFactorRecoveryCodes, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

/** Makes new codes; the count of codes left is read again. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
