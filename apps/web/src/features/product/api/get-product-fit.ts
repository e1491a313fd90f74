import { ApiRoute, apiPath, type ProductFit } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall } from '@/lib/api-client';

/** A product's fit note from its returns and exchanges (public; null below five fit-related ones). */
export function getProductFit(productId: string, signal?: AbortSignal): Promise<ProductFit> {
  return apiCall<ProductFit>(apiPath(ApiRoute.productFit, { productId }), { signal });
}

export function useProductFit(productId: string) {
  return useQuery({
    queryKey: [...returnsQueryKey, 'fit', productId],
    queryFn: ({ signal }) => getProductFit(productId, signal),
  });
}
