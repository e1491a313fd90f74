import { useCallback, useEffect, useState } from 'react';
import { readCart, syncCart } from '../../lib/cart';
import { currentCartProducts } from './api/cart-products';

/**
 * Brings the stored cart up to date with the catalogue when the cart opens, and again on `refresh()` (after the
 * server refused a payment because prices or stock moved). The cart keeps copies of products as they were
 * added; without this, a changed price would make every payment fail with "the cart total is ...".
 */
export function useCartRefresh(): { notice: string | null; refresh: () => void } {
  const [notice, setNotice] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const ids = [...new Set(readCart().map((item) => item._id))];
    if (ids.length === 0) return;
    const controller = new AbortController();
    currentCartProducts(ids, controller.signal)
      .then(({ products, gone }) => setNotice(describe(syncCart(products, gone))))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not refresh the cart', error);
      });
    return () => controller.abort();
  }, [round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { notice, refresh };
}

function describe({ repriced, removed }: { repriced: number; removed: number }): string | null {
  const parts: string[] = [];
  if (removed === 1) parts.push('A t-shirt in your cart is no longer sold and was removed.');
  if (removed > 1) parts.push(`${removed} t-shirts in your cart are no longer sold and were removed.`);
  if (repriced > 0) parts.push('Some prices changed since you added them; the cart shows the current prices.');
  return parts.length > 0 ? parts.join(' ') : null;
}
