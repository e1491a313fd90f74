import { ApiRoute, apiPath, type EmailChange, type MessageResponse } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Asks to move the account to another address; it moves when the link mailed there is followed. */
export function changeEmail(request: EmailChange): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.emailChange, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
