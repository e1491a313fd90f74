import { ApiRoute, apiPath, type Product } from '@store/contract';
import { apiCall } from './api-client';

/** One product (public): the product page shows it and the admin's update form fills itself from it. */
export function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return apiCall<Product>(apiPath(ApiRoute.product, { productId }), { signal });
}
