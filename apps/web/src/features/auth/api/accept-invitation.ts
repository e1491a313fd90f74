import { type AcceptInvitationRequest, ApiRoute, apiPath, type User } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * Answers a staff invitation with the token from its link, a name and a password (no session: the token is the
 * proof); the server answers the new member's user. A used, withdrawn or expired link is a 409, an unknown one 404.
 */
export function acceptInvitation(request: AcceptInvitationRequest): Promise<User> {
  return apiCall<User>(apiPath(ApiRoute.staffAccept, {}), { method: 'POST', json: request });
}

/** Accepts an invitation (no cached data shows accounts, so nothing is read again). */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
