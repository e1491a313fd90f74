import {
  ApiRoute,
  apiPath,
  PRODUCT_PHOTO_FIELD,
  TOTAL_COUNT_HEADER,
  type DeletedResponse,
  type Product,
  type ProductFields,
} from '@store/contract';
import { apiCall, apiRequest, type Auth } from '../../../lib/api-client';

export interface ProductListing {
  products: Product[];
  /** All products in the shop (the `X-Total-Count` header), not just this page. */
  total: number;
}

/** A page of products by name, with the shop's real product count. */
export async function listProducts(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<ProductListing> {
  const { data, headers } = await apiRequest<Product[]>(apiPath(ApiRoute.products, {}), {
    query: { limit: page.limit, offset: page.offset, sortBy: 'name', order: 'asc' },
    signal,
  });
  const products = Array.isArray(data) ? data : [];
  const header = headers.get(TOTAL_COUNT_HEADER);
  return { products, total: header !== null && Number.isFinite(Number(header)) ? Number(header) : page.offset + products.length };
}

export function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return apiCall<Product>(apiPath(ApiRoute.product, { productId }), { signal });
}

/** A photo as the browser gives it (a File) or as Node tests make it (a Blob with a name). */
export type ProductPhoto = Blob & { name?: string };

/** The multipart body the product routes take: the text fields, and the photo only when one is given. */
export function productFormData(fields: Partial<ProductFields>, photo?: ProductPhoto): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  if (photo) form.append(PRODUCT_PHOTO_FIELD, photo, photo.name || 'photo');
  return form;
}

export function createProduct(auth: Auth, fields: ProductFields, photo?: ProductPhoto): Promise<Product> {
  return apiCall<Product>(apiPath(ApiRoute.productCreate, { userId: auth.userId }), {
    method: 'POST',
    token: auth.token,
    form: productFormData(fields, photo),
  });
}

/** Changes only the fields sent; without a photo the current one stays. */
export function updateProduct(auth: Auth, productId: string, fields: Partial<ProductFields>, photo?: ProductPhoto): Promise<Product> {
  return apiCall<Product>(apiPath(ApiRoute.productUpdate, { productId, userId: auth.userId }), {
    method: 'PUT',
    token: auth.token,
    form: productFormData(fields, photo),
  });
}

export function deleteProduct(auth: Auth, productId: string): Promise<DeletedResponse> {
  return apiCall<DeletedResponse>(apiPath(ApiRoute.productDelete, { productId, userId: auth.userId }), {
    method: 'DELETE',
    token: auth.token,
  });
}
