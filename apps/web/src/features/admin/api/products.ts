import {
  ApiRoute,
  apiPath,
  PRODUCT_PHOTO_FIELD,
  PRODUCT_SIZES_FIELD,
  type DeletedResponse,
  type Product,
  type ProductFields,
} from '@store/contract';
import { apiCall, currentAuth } from '@/lib/api-client';

export function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return apiCall<Product>(apiPath(ApiRoute.product, { productId }), { signal });
}

/** A photo as the browser gives it (a File) or as Node tests make it (a Blob with a name). */
export type ProductPhoto = Blob & { name?: string };

/**
 * The multipart body the product routes take: the text fields (the sizes as JSON text), and the photo only when one
 * is given.
 */
export function productFormData(fields: Partial<ProductFields>, photo?: ProductPhoto): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, name === PRODUCT_SIZES_FIELD ? JSON.stringify(value) : String(value));
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

export function deleteProduct(productId: string): Promise<DeletedResponse> {
  return apiCall<DeletedResponse>(apiPath(ApiRoute.productDelete, { productId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}
