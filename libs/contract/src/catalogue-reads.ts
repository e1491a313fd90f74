import type { Product, ProductVariant } from './catalogue.js';

/*
 * What the shop front's home page reads of the catalogue's contract: the list's headers, the photo sizes and a
 * variant's price. A module apart from catalogue.ts because a page's bundle takes a contract module whole: the
 * home page's carries these, and the admin's rules (limits, patterns, field names) stay with the admin's pages.
 */

/** The response header that carries the total count of a product listing. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** `true` on a list whose X-Total-Count stopped counting at its cap (a filtered order list, a product search). */
export const TOTAL_COUNT_CAPPED_HEADER = 'X-Total-Count-Capped';
/**
 * The response header that carries the opaque cursor of the next page of a listing (keyset paging): pass it back
 * as `after`. Sent when the page was full; absent on a page shorter than its limit (the last one).
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** `?size=card` on the photo route: a small WebP for the home grid. */
export const PRODUCT_PHOTO_CARD_SIZE = 'card';
/** `?size=large` on the photo route: a WebP for the product page (at most PRODUCT_PHOTO_LARGE_MAX_PX on its longest side). */
export const PRODUCT_PHOTO_LARGE_SIZE = 'large';

/** The price a variant sells at, in dollars: its own, else the product's. */
export function variantPrice(product: Pick<Product, 'price'>, variant: Pick<ProductVariant, 'price'> | undefined): number {
  return variant?.price ?? product.price;
}

/** The compare-at price shown struck through beside a variant's price: its own, else the product's, when above the price. */
export function variantCompareAt(
  product: Pick<Product, 'price' | 'compareAtPrice'>,
  variant: Pick<ProductVariant, 'price' | 'compareAtPrice'> | undefined,
): number | undefined {
  const compareAt = variant?.compareAtPrice ?? product.compareAtPrice;
  return compareAt !== undefined && compareAt > variantPrice(product, variant) ? compareAt : undefined;
}
