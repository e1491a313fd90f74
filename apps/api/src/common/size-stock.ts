import {
  PRODUCT_SIZES,
  type ProductOption,
  type ProductSize,
  type ProductVariant,
  SIZE_OPTION_NAME,
  type SizeStock,
} from '@store/contract';

/**
 * The wire's `sizes` (for clients that know only sizes), from a product's options and variants: when its one option
 * is Size and every value is one of PRODUCT_SIZES, each active variant's size and stock in PRODUCT_SIZES order;
 * otherwise none. Read by the catalogue's product rows and the inventory's refusals alike.
 */
export function sizesOf(options: ProductOption[], variants: ProductVariant[]): SizeStock[] {
  if (!isSizeOnly(options)) return [];
  const sizes: SizeStock[] = [];
  for (const size of PRODUCT_SIZES) {
    const variant = variants.find((v) => v.active && v.options[0] === size);
    if (variant) sizes.push({ size, stock: variant.stock });
  }
  return sizes;
}

/** A product whose one option is Size, every value a size: what an older client's `size` can name. */
export function isSizeOnly(options: Array<{ name: string; values: Array<{ value: string }> }>): boolean {
  return (
    options.length === 1 &&
    options[0].name.toLowerCase() === SIZE_OPTION_NAME.toLowerCase() &&
    options[0].values.every((v) => (PRODUCT_SIZES as readonly string[]).includes(v.value))
  );
}

/** The size a variant's values name, when one of its options is Size and its value a size ('' otherwise): an order line's `size`. */
export function sizeOfVariant(optionNames: string[], values: string[]): ProductSize | '' {
  const index = optionNames.findIndex((name) => name.toLowerCase() === SIZE_OPTION_NAME.toLowerCase());
  const value = index >= 0 ? values[index] : undefined;
  return value !== undefined && (PRODUCT_SIZES as readonly string[]).includes(value) ? (value as ProductSize) : '';
}
