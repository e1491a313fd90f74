import { ApiRoute, apiPath, type MessageResponse } from '@store/contract';
import { apiCall } from '../../../lib/api-client';

/** Tells the server to revoke `token`, so a copy of it left anywhere stops working. */
export function signout(): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.signout, {}), { signedIn: true });
}
