import { ApiRoute, apiPath, type ProductStockAlerts } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** How many back-in-stock alerts wait on each variant of a product (staff). */
export function getProductStockAlerts(productId: string, signal?: AbortSignal): Promise<ProductStockAlerts> {
  return apiCall<ProductStockAlerts>(apiPath(ApiRoute.stockAlertsOfProduct, { productId, userId: currentAuth().userId }), {
    signedIn: true,
    signal,
  });
}

export const productStockAlertsQueryKey = ['stock-alerts', 'product'] as const;

export function productStockAlertsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: [...productStockAlertsQueryKey, productId],
    queryFn: ({ signal }) => getProductStockAlerts(productId, signal),
  });
}

export function useProductStockAlerts(productId: string) {
  return useQuery(productStockAlertsQueryOptions(productId));
}
