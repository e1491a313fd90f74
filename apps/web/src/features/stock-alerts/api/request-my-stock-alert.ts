import { ApiRoute, apiPath, type MessageResponse, type StockAlertSignedInRequest } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Signed in: asks to hear when a sold-out variant is back, at the account's address (confirmed at once). */
export function requestMyStockAlert(request: StockAlertSignedInRequest): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.stockAlertsOfUser, { userId: currentAuth().userId }), {
    method: 'POST',
    json: request,
    signedIn: true,
  });
}

export function useRequestMyStockAlert() {
  return useMutation({ mutationFn: requestMyStockAlert });
}
