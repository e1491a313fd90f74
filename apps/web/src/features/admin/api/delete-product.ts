import { ApiRoute, apiPath, type DeletedResponse } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

export function deleteProduct(productId: string): Promise<DeletedResponse> {
  return apiCall<DeletedResponse>(apiPath(ApiRoute.productDelete, { productId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

/**
 * Deletes a product; it settles once what shows products (the catalogue grid, the admin list, the cart's re-read) has
 * been read again.
 */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
