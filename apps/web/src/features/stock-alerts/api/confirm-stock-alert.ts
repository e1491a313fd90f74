import { ApiRoute, apiPath, type StockAlertAnswer, type StockAlertToken } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Follows the mailed confirmation link (no session: it may be opened on another device). */
export function confirmStockAlert(request: StockAlertToken): Promise<StockAlertAnswer> {
  return apiCall<StockAlertAnswer>(apiPath(ApiRoute.stockAlertConfirm, {}), { method: 'POST', json: request });
}

export function useConfirmStockAlert() {
  return useMutation({ mutationFn: confirmStockAlert });
}
