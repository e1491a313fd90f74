import { apiPath, GalleryRoute, type Product } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueryOptions } from '@/api/products/get-product';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Removes one photo of a product's gallery; answers the product. */
export function removeProductPhoto(productId: string, photoId: string): Promise<Product> {
  return apiCall<Product>(apiPath(GalleryRoute.productPhotoDelete, { productId, photoId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

/** Removes a photo: the product's own query holds the answer, and everything that shows products reads again. */
export function useRemoveProductPhoto(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => removeProductPhoto(productId, photoId),
    onSuccess: (saved) => {
      queryClient.setQueryData(productQueryOptions(productId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
}
