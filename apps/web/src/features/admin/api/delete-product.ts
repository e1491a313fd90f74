import { ApiRoute, apiPath, type DeletedResponse } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isProductListKey, removeFromProductLists } from '@/api/products/list-products';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

export function deleteProduct(productId: string): Promise<DeletedResponse> {
  return apiCall<DeletedResponse>(apiPath(ApiRoute.productDelete, { productId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

/**
 * Deletes a product; it settles once the lists have dropped it (without reading them again: see
 * {@link removeFromProductLists}) and whatever else shows products (one product, the cart's re-read) has been read
 * again.
 */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: async (_, productId) => {
      await Promise.all([
        removeFromProductLists(queryClient, productId),
        queryClient.invalidateQueries({ queryKey: productsQueryKey, predicate: ({ queryKey }) => !isProductListKey(queryKey) }),
      ]);
    },
  });
}
