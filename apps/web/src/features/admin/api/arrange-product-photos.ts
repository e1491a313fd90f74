import { apiPath, GalleryRoute, type Product, type ProductGalleryInput } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueryOptions } from '@/api/products/get-product';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Saves a gallery's order, alt texts and colours (every photo once, in the new order); answers the product. */
export function arrangeProductPhotos(productId: string, input: ProductGalleryInput): Promise<Product> {
  return apiCall<Product>(apiPath(GalleryRoute.productPhotos, { productId, userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    json: input,
  });
}

/** Saves the gallery: the product's own query holds the answer, and the grid (whose card shows photo 1) reads again. */
export function useArrangeProductPhotos(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductGalleryInput) => arrangeProductPhotos(productId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(productQueryOptions(productId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
}
