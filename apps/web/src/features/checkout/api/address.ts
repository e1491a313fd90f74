import { ApiRoute, apiPath, type LastAddressResponse } from '@store/contract';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The address of the signed-in buyer's latest paid order that has one (`address: null` when none), to prefill checkout. */
export function getLastAddress(signal?: AbortSignal): Promise<LastAddressResponse> {
  return apiCall<LastAddressResponse>(apiPath(ApiRoute.lastAddress, { userId: currentAuth().userId }), { signedIn: true, signal });
}
