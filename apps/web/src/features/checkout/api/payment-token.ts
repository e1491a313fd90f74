import { ApiRoute, apiPath, type ClientTokenResponse } from '@store/contract';
import { apiCall, currentAuth } from '../../../lib/api-client';

/** The token the payment widget needs, and which gateway it belongs to (`braintree`, or the offline `test` one). */
export function getClientToken(signal?: AbortSignal): Promise<ClientTokenResponse> {
  return apiCall<ClientTokenResponse>(apiPath(ApiRoute.paymentToken, { userId: currentAuth().userId }), { signedIn: true, signal });
}
