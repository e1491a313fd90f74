import { ApiRoute, apiPath, type StockAlertAnswer, type StockAlertToken } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Follows the unsubscribe link of an alert mail (no session). */
export function unsubscribeStockAlert(request: StockAlertToken): Promise<StockAlertAnswer> {
  return apiCall<StockAlertAnswer>(apiPath(ApiRoute.stockAlertUnsubscribe, {}), { method: 'POST', json: request });
}

export function useUnsubscribeStockAlert() {
  return useMutation({ mutationFn: unsubscribeStockAlert });
}
