import { ApiRoute, apiPath, type Product } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { productsQueryKey } from './products-query-key';

/** One product (public): the product page shows it and the admin's update form fills itself from it. */
export function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return apiCall<Product>(apiPath(ApiRoute.product, { productId }), { signal });
}

export function productQueryOptions(productId: string) {
  return queryOptions({
    queryKey: [...productsQueryKey, 'detail', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
  });
}

export function useProduct(productId: string) {
  return useQuery(productQueryOptions(productId));
}
