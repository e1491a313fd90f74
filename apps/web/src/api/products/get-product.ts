import { ApiRoute, apiPath, type Product } from '@store/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '@/lib/api-client';
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

/**
 * Puts what a server-rendered product page was drawn from where the hook finds it (app/page-data.ts): the product,
 * or for `null` the API's 404, so the page renders its "not found" on both sides alike. A failure the server saw
 * stays as it is when the page mounts (see adoptServerState), rather than start again as "loading".
 */
export function seedProduct(queryClient: QueryClient, productId: string, product: Product | null): void {
  const { queryKey } = productQueryOptions(productId);
  if (product) {
    queryClient.setQueryData(queryKey, product);
    return;
  }
  queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
  const query = queryClient.getQueryCache().build(queryClient, { queryKey });
  query.setState({ status: 'error', error: new ApiError('Product not found', 404, 'NOT_FOUND'), errorUpdatedAt: Date.now() });
}
