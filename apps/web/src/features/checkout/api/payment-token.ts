import { ApiRoute, apiPath, type ClientTokenResponse } from '@store/contract';
import { apiCall, type Auth } from '../../../lib/api-client';

/** The token the payment widget needs, and which gateway it belongs to (`braintree`, or the offline `test` one). */
export function getClientToken(auth: Auth, signal?: AbortSignal): Promise<ClientTokenResponse> {
  return apiCall<ClientTokenResponse>(apiPath(ApiRoute.paymentToken, { userId: auth.userId }), { token: auth.token, signal });
}
