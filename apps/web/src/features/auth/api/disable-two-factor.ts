import { ApiRoute, apiPath, type TwoFactorDisabled, type TwoFactorDisableRequest } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { saveSession } from '@/lib/session';
import { twoFactorStatusQueryKey } from './two-factor-status';

/** Turns two-factor sign-in off: the password and a code (from the app, or a recovery code). Answers a new session. */
export function disableTwoFactor(request: TwoFactorDisableRequest): Promise<TwoFactorDisabled> {
  return apiCall<TwoFactorDisabled>(apiPath(ApiRoute.twoFactorDisable, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

/** Turns it off; this browser carries on with the new session (the server ended every other one). */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async ({ session }) => {
      saveSession(session);
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey });
    },
  });
}
