import { ApiRoute, apiPath, type MessageResponse, type TwoFactorDisableRequest } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { twoFactorStatusQueryKey } from './two-factor-status';

/** Turns two-factor sign-in off: the password and a code (from the app, or a recovery code). */
export function disableTwoFactor(request: TwoFactorDisableRequest): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.twoFactorDisable, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
