import { ApiRoute, apiPath, type MessageResponse, type PasswordResetConfirmation } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Sets a new password with a reset link's token; every session of the account ends. */
export function resetPassword(request: PasswordResetConfirmation): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.passwordReset, {}), { method: 'POST', json: request });
}

/** The browser's own session (if any) ends with the others; the page sends the user to sign in. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
