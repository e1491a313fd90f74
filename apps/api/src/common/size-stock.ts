import { PRODUCT_SIZES, type SizeStock } from '@store/contract';

/**
 * A product's stored map of sizes (`size_stock`, jsonb) as the wire's list, in {@link PRODUCT_SIZES} order (jsonb
 * keeps its keys in its own order). Read by the catalogue's product rows and the inventory's refusals alike.
 */
export function sizesOf(sizeStock: Record<string, number>): SizeStock[] {
  const sizes: SizeStock[] = [];
  for (const size of PRODUCT_SIZES) {
    const stock = sizeStock[size];
    if (stock !== undefined) sizes.push({ size, stock });
  }
  return sizes;
}
