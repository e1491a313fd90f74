import { ApiRoute, apiPath, type MessageResponse } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/** Ends every session of the signed-in user on the server: every token they hold, on every device, stops working. */
export function signoutEverywhere(): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.signoutEverywhere, {}), { method: 'POST', signedIn: true });
}

/**
 * Signs out everywhere, then forgets this browser's session too (its token has ended with the others): the guards
 * then send the user to sign-in, and the query cache drops the user's data (see forgetDataOnSignOut).
 */
export function useSignoutEverywhere() {
  return useMutation({ mutationFn: signoutEverywhere, onSuccess: () => clearSession() });
}
