import {
  type CartLineRef,
  fromCents,
  type Product,
  type ProductSize,
  type ProductVariant,
  toCents,
  variantLabel,
  variantPrice,
} from '@store/contract';
import { type CartItem, cartStore } from './cart';

/*
 * The cart's changes and sums that only the product page, the cart and the checkout make: apart from `cart.ts`, which
 * the home page loads (its grid adds plain entries and the nav counts them), so they stay out of its bundle.
 */

/** Adds one entry of a product sold in sizes, in the size the buyer chose. */
export function addSizeToCart(product: Product, size: ProductSize): void {
  cartStore.set([...cartStore.get(), { ...product, count: 1, size }]);
}

/** Adds one entry of a product with options, in the variant the buyer chose, at that variant's price. */
export function addVariantToCart(product: Product, variant: ProductVariant): void {
  cartStore.set([...cartStore.get(), variantItem(product, variant)]);
}

function variantItem(product: Product, variant: ProductVariant): CartItem {
  return { ...product, price: variantPrice(product, variant), count: 1, variant: variant._id, variantLabel: variantLabel(variant) };
}

/** What {@link syncCart} changed, for the notice the shopper sees. */
export interface CartSync {
  /** Entries whose price changed. */
  repriced: number;
  /** Entries dropped because their product is no longer sold. */
  removed: number;
  /** Entries dropped because their size no longer fits the product (it is now sold in sizes, or no longer in that size, or no longer in sizes at all). */
  resized: number;
}

/**
 * Replaces the cart's copies with the catalogue's current products (price, name, stock...) and drops entries
 * whose product is gone or whose size the product no longer takes (the payment would refuse them).
 */
export function syncCart(current: readonly Product[], gone: readonly string[]): CartSync {
  const fresh = new Map(current.map((product) => [product._id, product]));
  const goneIds = new Set(gone);
  const result: CartSync = { repriced: 0, removed: 0, resized: 0 };
  let changed = false;
  const next: CartItem[] = [];
  for (const item of cartStore.get()) {
    if (goneIds.has(item._id)) {
      result.removed += 1;
      changed = true;
      continue;
    }
    const product = fresh.get(item._id);
    if (product && item.variant !== undefined) {
      const variant = product.variants?.find((v) => v._id === item.variant && v.active);
      if (!variant) {
        result.resized += 1;
        changed = true;
        continue;
      }
      if (product.updatedAt !== item.updatedAt || variantPrice(product, variant) !== item.price) {
        if (variantPrice(product, variant) !== item.price) result.repriced += 1;
        changed = true;
        next.push(variantItem(product, variant));
      } else next.push(item);
      continue;
    }
    if (product && !sizeFits(product, item.size)) {
      result.resized += 1;
      changed = true;
      continue;
    }
    if (product && product.updatedAt !== item.updatedAt) {
      if (product.price !== item.price) result.repriced += 1;
      changed = true;
      next.push(item.size ? { ...product, count: 1, size: item.size } : { ...product, count: 1 });
    } else {
      next.push(item);
    }
  }
  if (changed) cartStore.set(next);
  return result;
}

/**
 * A product sold in sizes takes one of its sizes; a product without options takes none; an entry without a variant
 * no longer fits a product that now has other options (which variant would it be?).
 */
function sizeFits(product: Product, size: ProductSize | undefined): boolean {
  const sizes = product.sizes ?? [];
  if (sizes.length === 0 && (product.options?.length ?? 0) > 0) return false;
  return sizes.length === 0 ? !size : sizes.some((offered) => offered.size === size);
}

/**
 * The cart total in dollars: the sum of the entries' prices (the contract: every entry is one item, so `count`
 * is ignored), added in cents so that 0.1 + 0.2 is 0.30.
 */
export function cartTotal(items: readonly CartItem[]): number {
  return fromCents(items.reduce((cents, item) => cents + toCents(item.price), 0));
}

/**
 * The cart as the payment call needs it: each product id (and size) once, counted by its entries (matches
 * {@link cartTotal}); `size` only on the lines of sized entries, so an unsized cart sends what the spec sends.
 */
export function cartLines(items: readonly CartItem[]): CartLineRef[] {
  const lines = new Map<string, CartLineRef>();
  for (const item of items) {
    const key = `${item._id}\u0000${item.size ?? ''}\u0000${item.variant ?? ''}`;
    const line = lines.get(key);
    if (line) line.count += 1;
    else if (item.variant !== undefined) lines.set(key, { _id: item._id, count: 1, variant: item.variant });
    else lines.set(key, item.size ? { _id: item._id, count: 1, size: item.size } : { _id: item._id, count: 1 });
  }
  return [...lines.values()];
}
