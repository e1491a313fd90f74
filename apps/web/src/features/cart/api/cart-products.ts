import { ApiRoute, apiPath, type Product } from '@store/contract';
import { ApiError, apiCall } from '@/lib/api-client';

export interface CartProducts {
  /** The catalogue's current copy of each product that still exists. */
  products: Product[];
  /** Ids the catalogue no longer has (404). */
  gone: string[];
}

/** The current state of the products in a cart, one read per distinct product (carts are small). */
export async function currentCartProducts(productIds: readonly string[], signal?: AbortSignal): Promise<CartProducts> {
  const found = await Promise.all(
    productIds.map(async (productId) => {
      try {
        return await apiCall<Product>(apiPath(ApiRoute.product, { productId }), { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return productId;
        throw error;
      }
    }),
  );
  return {
    products: found.filter((entry): entry is Product => typeof entry !== 'string'),
    gone: found.filter((entry): entry is string => typeof entry === 'string'),
  };
}
