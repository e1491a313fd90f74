import { type AccountDeletion, ApiRoute, apiPath, type MessageResponse } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Deletes the signed-in user's account; the password confirms. Every session ends with it. */
export function deleteAccount(request: AccountDeletion): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.accountDelete, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

/** The page forgets the session and leaves once the account is gone. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
