import { ApiRoute, apiPath, type TwoFactorCodeRequest, type TwoFactorEnabled } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { saveSession } from '@/lib/session';
import { twoFactorStatusQueryKey } from './two-factor-status';

/**
 * The first code from the app turns two-factor sign-in on; the answer holds the recovery codes, shown this once, and
 * a new session (the server ended every other one, this browser's old token included).
 */
export function confirmTwoFactor(request: TwoFactorCodeRequest): Promise<TwoFactorEnabled> {
  return apiCall<TwoFactorEnabled>(apiPath(ApiRoute.twoFactorConfirm, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

/** Confirms; this browser carries on with the new session (which no longer needs enrolling) and the state is read again. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: async ({ session }) => {
      saveSession(session);
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey });
    },
  });
}
