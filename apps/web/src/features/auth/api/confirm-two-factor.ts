import { ApiRoute, apiPath, type TwoFactorCodeRequest, type TwoFactorRecoveryCodes } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { readSession, saveSession } from '@/lib/session';
import { twoFactorStatusQueryKey } from './two-factor-status';

/** The first code from the app turns two-factor sign-in on; the answer holds the recovery codes, shown this once. */
export function confirmTwoFactor(request: TwoFactorCodeRequest): Promise<TwoFactorRecoveryCodes> {
  return apiCall<TwoFactorRecoveryCodes>(apiPath(ApiRoute.twoFactorConfirm, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

/** Confirms; the session no longer needs enrolling (the server opens every route at once) and the state is read again. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: async () => {
      const session = readSession();
      if (session?.twoFactorEnrolmentRequired) saveSession({ token: session.token, user: session.user });
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey });
    },
  });
}
