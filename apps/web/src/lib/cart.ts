import type { Product, ProductSize } from '@store/contract';
import { storedValue, useStoredValue } from './stored-value';

/** The storage key the spec fixes for the cart. */
export const CART_STORAGE_KEY = 'cart';

/**
 * A cart entry: a copy of the product as it was added, with `count` 1 (adding twice makes two entries), and the
 * chosen `size` for a product sold in sizes, or the chosen `variant` (its id, and its values as `variantLabel`, `Blue / M`)
 * for a product with other options; `price` is then the variant's.
 */
export type CartItem = Product & { count: number; size?: ProductSize; variant?: number; variantLabel?: string };

function parseCart(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (item): item is CartItem => !!item && typeof item === 'object' && typeof item._id === 'string' && typeof item.price === 'number',
  );
}

/** The stored cart (`lib/cart-changes.ts` writes the entries the product page and the cart's re-read make). */
export const cartStore = storedValue<CartItem[]>(CART_STORAGE_KEY, parseCart);

export const readCart = (): CartItem[] => cartStore.get();

export function addToCart(product: Product): void {
  cartStore.set([...cartStore.get(), { ...product, count: 1 }]);
}

/** Removes one entry with this product id and size or variant (the first; copies of one choice are identical). */
export function removeFromCart(productId: string, size?: ProductSize, variant?: number): void {
  const items = cartStore.get();
  const index = items.findIndex((item) => item._id === productId && item.size === size && item.variant === variant);
  if (index < 0) return;
  cartStore.set([...items.slice(0, index), ...items.slice(index + 1)]);
}

export const emptyCart = (): void => cartStore.clear();

export function useCart(): CartItem[] {
  return useStoredValue(cartStore);
}
