import { ApiRoute, apiPath, type MessageResponse } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** "Send again": a new link to confirm the signed-in user's address (a few an hour at most: 429 after). */
export function resendVerification(): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.emailVerification, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
