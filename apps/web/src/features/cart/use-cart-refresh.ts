import { useCallback, useState } from 'react';
import { readCart } from '@/lib/cart';
import { type CartSync, syncCart } from '@/lib/cart-changes';
import { type CartProducts, useCartProducts } from './api/get-cart-products';

/**
 * Brings the stored cart up to date with the catalogue when the cart opens, and again on `refresh()` (after the
 * server refused a payment because prices or stock moved). The cart keeps copies of products as they were
 * added; without this, a changed price would make every payment fail with "the cart total is ...".
 */
export function useCartRefresh(): { notice: string | null; refresh: () => void } {
  // The ids are taken when the cart opens and on refresh, not on every cart change: a product the re-read
  // removes must not start a second re-read that would replace the notice about it.
  const [productIds, setProductIds] = useState(cartProductIds);
  // Reading and applying are one step: the answer updates the stored cart, and what changed is the notice.
  const { data: notice = null, reread } = useCartProducts(productIds, applyToCart);

  const refresh = useCallback(() => {
    const ids = cartProductIds();
    setProductIds(ids);
    reread(ids);
  }, [reread]);
  return { notice, refresh };
}

function cartProductIds(): string[] {
  return [...new Set(readCart().map((item) => item._id))];
}

function applyToCart({ products, gone }: CartProducts): string | null {
  return describe(syncCart(products, gone));
}

function describe({ repriced, removed, resized }: CartSync): string | null {
  const parts: string[] = [];
  if (removed === 1) parts.push('A t-shirt in your cart is no longer sold and was removed.');
  if (removed > 1) parts.push(`${removed} t-shirts in your cart are no longer sold and were removed.`);
  if (resized === 1)
    parts.push(
      'A t-shirt in your cart is no longer sold in the size you had (or now needs a size) and was removed: choose a size on its page.',
    );
  if (resized > 1)
    parts.push(
      `${resized} t-shirts in your cart are no longer sold in the sizes you had (or now need a size) and were removed: choose a size on their pages.`,
    );
  if (repriced > 0) parts.push('Some prices changed since you added them; the cart shows the current prices.');
  return parts.length > 0 ? parts.join(' ') : null;
}
