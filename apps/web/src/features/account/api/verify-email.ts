import { ApiRoute, apiPath, type EmailVerification, type MessageResponse } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { accountQueryKey } from './get-account';

/** Follows an e-mailed link: confirms the account's address, or moves the account to the new one. No session needed. */
export function verifyEmail(request: EmailVerification): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.emailVerify, {}), { method: 'POST', json: request });
}

/** A signed-in account page in this browser shows the confirmed (or moved) address afterwards. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }) });
}
