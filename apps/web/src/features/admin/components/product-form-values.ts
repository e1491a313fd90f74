import { PRODUCT_STOCK_MAX, type Product, type ProductSize } from '@store/contract';
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
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  price: NaN,
  stock: NaN,
  category: '',
  photo: null,
  sizes: [],
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
  };
}

export const stockRule = (label: string) => (value: number) =>
  !Number.isFinite(value)
    ? `${label} is required`
    : !Number.isInteger(value) || value < 0 || value > PRODUCT_STOCK_MAX
      ? `${label} must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`
      : true;

/** The total over the sizes (the product's stock), counting only the sizes whose stock is filled in. */
export function sizesTotal(sizes: ProductFormValues['sizes'] | undefined): number {
  return (sizes ?? []).reduce((total, entry) => total + (Number.isFinite(entry.stock) ? entry.stock : 0), 0);
}

/** Whether the stock (or a size's stock, or which sizes) differs from what the form was opened with. */
export function stockEdited(values: ProductFormValues, initial: Readonly<DeepPartial<ProductFormValues>> | undefined): boolean {
  const before = (initial?.sizes ?? []).map((entry) => `${entry?.size}:${entry?.stock}`).join(',');
  const after = values.sizes.map((entry) => `${entry.size}:${entry.stock}`).join(',');
  return before !== after || (values.sizes.length === 0 && values.stock !== initial?.stock);
}
