import { ApiRoute, apiPath, type PasswordChange, type Session } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { saveSession } from '@/lib/session';

/** Changes the signed-in user's password; the answer is a new session (every earlier one has ended). */
export function changePassword(request: PasswordChange): Promise<Session> {
  return apiCall<Session>(apiPath(ApiRoute.passwordChange, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

/** Keeps this browser signed in with the new session; other devices are signed out by the server. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (session) => saveSession(session) });
}
