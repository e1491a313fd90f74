import {
  ApiRoute,
  apiPath,
  PRODUCT_COMPARE_AT_FIELD,
  PRODUCT_PHOTO_FIELD,
  PRODUCT_WEIGHT_FIELD,
  type Product,
  type ProductFields,
} from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueryOptions } from '@/api/products/get-product';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** A photo as the browser gives it (a File) or as Node tests make it (a Blob with a name). */
export type ProductPhoto = Blob & { name?: string };

/**
 * The multipart body the product routes take: the text fields (sizes, options and variants as JSON text), and the photo only when one
 * is given.
 */
export function productFormData(fields: Partial<ProductFields>, photo?: ProductPhoto): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    // The sizes, options and variants go as JSON text; a compare-at price or weight of null as '' (none).
    if (value === null && (name === PRODUCT_COMPARE_AT_FIELD || name === PRODUCT_WEIGHT_FIELD)) form.append(name, '');
    else if (value !== undefined && value !== null) form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  if (photo) form.append(PRODUCT_PHOTO_FIELD, photo, photo.name || 'photo');
  return form;
}

export function createProduct(fields: ProductFields, photo?: ProductPhoto): Promise<Product> {
  return apiCall<Product>(apiPath(ApiRoute.productCreate, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    form: productFormData(fields, photo),
  });
}

/** Changes only the fields sent; without a photo the current one stays. */
export function updateProduct(productId: string, fields: Partial<ProductFields>, photo?: ProductPhoto): Promise<Product> {
  return apiCall<Product>(apiPath(ApiRoute.productUpdate, { productId, userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    form: productFormData(fields, photo),
  });
}

/** What the product form saves: a new product (every field), or the fields of `productId` that are sent. */
export type SaveProductRequest =
  | { productId?: undefined; fields: ProductFields; photo?: ProductPhoto }
  | { productId: string; fields: Partial<ProductFields>; photo?: ProductPhoto };

/**
 * The product form's one save: a create, or an update when the request names the product (both routes take the same
 * multipart body). Afterwards everything that shows products reads again (the catalogue grid, the admin list, the
 * cart's re-read), and an updated product's own query holds the answer at once.
 */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveProductRequest) =>
      request.productId === undefined
        ? createProduct(request.fields, request.photo)
        : updateProduct(request.productId, request.fields, request.photo),
    onSuccess: (saved, { productId }) => {
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      if (productId !== undefined) queryClient.setQueryData(productQueryOptions(productId).queryKey, saved);
    },
  });
}
