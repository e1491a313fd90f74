import { ApiRoute, apiPath, type MessageResponse, type StockAlertRequest } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Not signed in: asks to hear when a sold-out variant is back; a confirmation link goes to the address. */
export function requestStockAlert(request: StockAlertRequest): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.stockAlerts, {}), { method: 'POST', json: request });
}

export function useRequestStockAlert() {
  return useMutation({ mutationFn: requestStockAlert });
}
