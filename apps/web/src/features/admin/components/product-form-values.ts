import {
  PRODUCT_STOCK_MAX,
  PRODUCT_WEIGHT_MAX,
  type Product,
  type ProductOptionInput,
  type ProductSize,
  type ProductVariantInput,
  SWATCH_PATTERN,
} from '@store/contract';
import type { DeepPartial } from 'react-hook-form';

/** What the product form holds while the admin edits it. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: number;
  stock: number;
  category: string;
  photo: FileList | null;
  /** The sizes the product is sold in, in PRODUCT_SIZES order, each with its stock; empty: sold without sizes. */
  sizes: Array<{ size: ProductSize; stock: number }>;
  /** The price shown struck through ("Sale"); NaN: none. */
  compareAtPrice: number;
  /** Grams, for shipping by weight; NaN: none. */
  weight: number;
  /** Options other than plain sizes: a name, and the values as typed (`Blue #1e3a8a, Red #b91c1c`). */
  options: Array<{ name: string; values: string }>;
  /** A row per combination on sale: its values in the options' order; price and weight (grams) NaN: the product's. */
  variants: Array<{ options: string[]; sku: string; stock: number; price: number; weight: number; active: boolean }>;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  price: NaN,
  stock: NaN,
  category: '',
  photo: null,
  sizes: [],
  compareAtPrice: NaN,
  weight: NaN,
  options: [],
  variants: [],
};

/** The form's values for an existing product (the photo stays empty: the current one is kept unless another is chosen). */
export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    stock: product.stock,
    category: product.category,
    photo: null,
    sizes: (product.sizes ?? []).map(({ size, stock }) => ({ size, stock })),
    compareAtPrice: product.compareAtPrice ?? NaN,
    weight: product.weight ?? NaN,
    // A product sold in sizes only keeps the sizes field; any other options are edited as options and variants.
    options: product.sizes?.length
      ? []
      : (product.options ?? []).map((option) => ({
          name: option.name,
          values: option.values.map((v) => (v.swatch ? `${v.value} ${v.swatch}` : v.value)).join(', '),
        })),
    variants:
      product.sizes?.length || !product.options?.length
        ? []
        : (product.variants ?? []).map((v) => ({
            options: v.options,
            sku: v.sku,
            stock: v.stock,
            price: v.price ?? NaN,
            weight: v.weight ?? NaN,
            active: v.active,
          })),
  };
}

/** The options as the API takes them: each typed value, with the swatch written after it when there is one. */
export function optionInputs(options: ProductFormValues['options']): ProductOptionInput[] {
  return options.map((option) => ({
    name: option.name.trim(),
    values: option.values
      .split(',')
      .map((text) => text.trim())
      .filter(Boolean)
      .map((text) => {
        const [value, swatch] = [text.replace(/\s+#[0-9a-fA-F]{6}$/, ''), text.match(/#[0-9a-fA-F]{6}$/)?.[0]];
        return swatch && SWATCH_PATTERN.test(swatch) && value !== text ? { value, swatch: swatch.toLowerCase() } : { value: text };
      }),
  }));
}

/** The variant rows as the API takes them (an empty SKU: one is made; no price or weight: the product's). */
export function variantInputs(rows: ProductFormValues['variants']): ProductVariantInput[] {
  return rows.map((row) => ({
    options: row.options,
    ...(row.sku.trim() ? { sku: row.sku.trim() } : {}),
    stock: row.stock,
    price: Number.isFinite(row.price) ? row.price : null,
    weight: Number.isFinite(row.weight) ? row.weight : null,
    active: row.active,
  }));
}

/** Every combination of the options' values, in order; a row already there for a combination keeps what it had. */
export function variantGrid(options: ProductOptionInput[], rows: ProductFormValues['variants']): ProductFormValues['variants'] {
  let combinations: string[][] = [[]];
  for (const option of options) combinations = combinations.flatMap((head) => option.values.map((v) => [...head, v.value]));
  const byKey = new Map(rows.map((row) => [row.options.join('\u0000').toLowerCase(), row]));
  return combinations.map(
    (values) =>
      byKey.get(values.join('\u0000').toLowerCase()) ?? { options: values, sku: '', stock: 0, price: NaN, weight: NaN, active: true },
  );
}

export const stockRule = (label: string) => (value: number) =>
  !Number.isFinite(value)
    ? `${label} is required`
    : !Number.isInteger(value) || value < 0 || value > PRODUCT_STOCK_MAX
      ? `${label} must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`
      : true;

/** A weight in whole grams, or empty (NaN) for none: the product's weight for a variant, none for a product. */
export const weightRule = (label: string, empty: string) => (value: number) =>
  !Number.isFinite(value) ||
  (Number.isInteger(value) && value >= 1 && value <= PRODUCT_WEIGHT_MAX) ||
  `${label} must be whole grams from 1 to ${PRODUCT_WEIGHT_MAX}, or empty for ${empty}`;

/** The total over the sizes (the product's stock), counting only the sizes whose stock is filled in. */
export function sizesTotal(sizes: ProductFormValues['sizes'] | undefined): number {
  return (sizes ?? []).reduce((total, entry) => total + (Number.isFinite(entry.stock) ? entry.stock : 0), 0);
}

/** Whether the stock (or a size's stock, or which sizes) differs from what the form was opened with. */
export function stockEdited(values: ProductFormValues, initial: Readonly<DeepPartial<ProductFormValues>> | undefined): boolean {
  const before = (initial?.sizes ?? []).map((entry) => `${entry?.size}:${entry?.stock}`).join(',');
  const after = values.sizes.map((entry) => `${entry.size}:${entry.stock}`).join(',');
  return before !== after || (values.sizes.length === 0 && values.options.length === 0 && values.stock !== initial?.stock);
}
