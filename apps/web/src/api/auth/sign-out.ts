import { ApiRoute, apiPath, type MessageResponse } from '@store/contract';
import { apiCall } from '@/lib/api-client';

/**
 * Tells the server to revoke the signed-in token, so a copy of it left anywhere stops working. The layout calls it
 * directly rather than through a mutation hook: the token must be read in the same tick as the session is forgotten
 * (a mutation starts its request a microtask later, when the session is gone).
 */
export function signout(): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.signout, {}), { signedIn: true });
}
