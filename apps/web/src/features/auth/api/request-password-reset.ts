import { ApiRoute, apiPath, type MessageResponse, type PasswordResetRequest } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Asks for a reset link by e-mail; the server answers the same message whether or not an account has the address. */
export function requestPasswordReset(request: PasswordResetRequest): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.passwordForgot, {}), { method: 'POST', json: request });
}

/** Nothing cached shows accounts, so nothing is read again. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
