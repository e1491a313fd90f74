import { ApiRoute, apiPath, type Product } from '@store/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { productsQueryKey } from '@/api/products/products-query-key';
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

/** The cart's re-read of `productIds`, under the products root so that a product write refreshes it too. */
export const cartProductsQueryKey = (productIds: readonly string[]) => [...productsQueryKey, 'cart', [...productIds]] as const;

/**
 * Reads the current state of the cart's products and hands it to `apply` inside the query, so the answer is applied
 * once per read (not once per render) and what `apply` returns is the query's data. It is read each time the cart opens
 * (the point is to see current prices), never from an old visit's cache, and not on window focus; `reread(ids)` asks
 * again at once.
 */
export function useCartProducts<T>(productIds: readonly string[], apply: (answer: CartProducts) => T) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cartProductsQueryKey(productIds),
    queryFn: async ({ signal }) => apply(await currentCartProducts(productIds, signal)),
    enabled: productIds.length > 0,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const reread = useCallback(
    (ids: readonly string[]) => void queryClient.invalidateQueries({ queryKey: cartProductsQueryKey(ids) }),
    [queryClient],
  );
  return { data: query.data, reread };
}
