import {
  apiPath,
  GalleryRoute,
  type Product,
  PRODUCT_PHOTO_ALT_FIELD,
  PRODUCT_PHOTO_FIELD,
  PRODUCT_PHOTO_OPTION_VALUE_FIELD,
} from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueryOptions } from '@/api/products/get-product';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';
import type { ProductPhoto } from './save-product';

export interface NewGalleryPhoto {
  photo: ProductPhoto;
  /** What the photo shows, for screen readers (required). */
  alt: string;
  /** The option value (a colour) it shows, if any. */
  optionValue?: number | null;
}

/** Adds a photo at the end of a product's gallery (multipart: the file, its alt text, its colour); answers the product. */
export function addProductPhoto(productId: string, { photo, alt, optionValue }: NewGalleryPhoto): Promise<Product> {
  const form = new FormData();
  form.append(PRODUCT_PHOTO_ALT_FIELD, alt);
  if (optionValue != null) form.append(PRODUCT_PHOTO_OPTION_VALUE_FIELD, String(optionValue));
  form.append(PRODUCT_PHOTO_FIELD, photo, photo.name || 'photo');
  return apiCall<Product>(apiPath(GalleryRoute.productPhotos, { productId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    form,
  });
}

/** Adds a photo: the product's own query holds the answer at once, and everything that shows products reads again. */
export function useAddProductPhoto(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: NewGalleryPhoto) => addProductPhoto(productId, photo),
    onSuccess: (saved) => {
      queryClient.setQueryData(productQueryOptions(productId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
}
