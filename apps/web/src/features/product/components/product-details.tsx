import { formatDollars, type Product, type ProductSize, type ProductVariant, variantCompareAt, variantPrice } from '@store/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ProductGallery } from './product-gallery';
import { FEW_LEFT, SizePicker } from './size-picker';
import { chosenVariant, VariantPicker } from './variant-picker';
import { IncludedTaxNote } from '@/components/included-tax-note';

/**
 * The id of the chosen value of the option the gallery follows, if one is chosen: the colour option, the one whose
 * values carry swatches or that photos are tied to (a catalogue import ties photos to its colours without swatches).
 */
function chosenColour(product: Product, chosen: readonly (string | undefined)[]): number | null {
  const tied = new Set((product.photos ?? []).map((photo) => photo.optionValue));
  const index = (product.options ?? []).findIndex((option) => option.values.some((value) => value.swatch || tied.has(value._id)));
  if (index < 0) return null;
  return product.options![index].values.find((value) => value.value === chosen[index])?._id ?? null;
}

/** The message a buyer gets who adds a sized product without choosing a size. */
export const CHOOSE_A_SIZE = 'Please choose a size.';

/** The message a buyer gets who adds a product with options before choosing every one (`Please choose a colour and size.`). */
export function chooseOptions(names: readonly string[]): string {
  const lower = names.map((name) => name.toLowerCase());
  return `Please choose a ${lower.length > 1 ? `${lower.slice(0, -1).join(', ')} and ${lower.at(-1)}` : lower[0]}.`;
}

/**
 * One product: its photos (the gallery: the chosen colour's, else the untied ones), price (and the compare-at price
 * struck through, "Sale"), category, what is left, the size picker for a product sold in sizes or the option picker
 * (colour swatches, then sizes) for one with other options, and Add to Cart. `onAdd` gets the chosen size (none for
 * an unsized product), `onAddVariant` the chosen variant; `chosen` and `onChoose` are the options' values as the
 * page keeps them (in its URL).
 */
export function ProductDetails({
  product,
  categoryName,
  optionValue,
  onAdd,
  onAddVariant,
  chosen = [],
  onChoose,
  soldOutNote,
}: {
  product: Product;
  /** The option value chosen (a colour), whose photos the gallery shows; none: the product's untied photos. */
  optionValue?: number | null;
  /** The category's name, once the categories have loaded. */
  categoryName?: string;
  onAdd: (size: ProductSize | undefined) => void;
  onAddVariant?: (variant: ProductVariant) => void;
  chosen?: readonly (string | undefined)[];
  onChoose?: (index: number, value: string) => void;
  /** Shown under the form when something of the product is sold out (the page's "Notify me"). */
  soldOutNote?: ReactNode;
}) {
  const sizes = product.sizes ?? [];
  const sized = sizes.length > 0;
  const options = product.options ?? [];
  const withOptions = !sized && options.length > 0 && onChoose !== undefined;
  const variant = withOptions ? chosenVariant(product.variants ?? [], chosen) : undefined;
  const soldOut = product.stock <= 0 || (variant !== undefined && variant.stock <= 0);
  const price = variantPrice(product, variant);
  const compareAt = variantCompareAt(product, variant);
  // Two choices and one message each: plain state, so the shopper's product page loads no form library (the
  // admin's and account's forms keep react-hook-form, in their own chunks).
  const [size, setSize] = useState<ProductSize | null>(null);
  const [error, setError] = useState<{ field: 'size' | 'variant'; message: string } | undefined>(undefined);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (withOptions) {
      if (variant) onAddVariant?.(variant);
      else setError({ field: 'variant', message: chooseOptions(options.map((o) => o.name)) });
      return;
    }
    if (sized && !size) {
      setError({ field: 'size', message: CHOOSE_A_SIZE });
      // As a form's first invalid field is focused: the first size that can be chosen.
      event.currentTarget.querySelector<HTMLInputElement>('input[name="size"]:not(:disabled)')?.focus();
      return;
    }
    onAdd(sized ? (size ?? undefined) : undefined);
  };
  const choose = (index: number, value: string) => {
    setError(undefined);
    onChoose?.(index, value);
  };
  const chooseSize = (chosenSize: ProductSize) => {
    setSize(chosenSize);
    setError(undefined);
  };
  const errorOf = (field: 'size' | 'variant') => (error?.field === field ? { type: 'validate', message: error.message } : undefined);

  return (
    <div className="row g-4 g-lg-5">
      <div className="col-md-6">
        <ProductGallery product={product} optionValue={optionValue ?? chosenColour(product, chosen)} />
      </div>
      <div className="col-md-6">
        <p className="fs-3 fw-semibold mb-1">
          <span className="product-price">{formatDollars(price)}</span>
          {compareAt !== undefined ? (
            <>
              {' '}
              <s className="fs-5 fw-normal text-body-secondary product-compare-at">
                <span className="visually-hidden">was </span>
                {formatDollars(compareAt)}
              </s>{' '}
              <span className="badge text-bg-danger fs-6 align-middle">Sale</span>
            </>
          ) : null}
          <IncludedTaxNote />
        </p>
        <p className="text-body-secondary mb-3">
          Category: <span className="product-category">{categoryName ?? '…'}</span>
        </p>
        {soldOut ? (
          <p>
            <span className="badge text-bg-secondary fs-6">Out of stock</span>
          </p>
        ) : !sized && !withOptions && product.stock <= FEW_LEFT ? (
          <p>
            <span className="badge text-bg-warning fs-6">Only {product.stock} left</span>
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate aria-label={`Add ${product.name} to the cart`}>
          {withOptions ? (
            <VariantPicker
              options={options}
              variants={product.variants ?? []}
              chosen={chosen}
              onChoose={choose}
              error={errorOf('variant')}
            />
          ) : null}
          {sized ? <SizePicker sizes={sizes} error={errorOf('size')} value={size} onChange={chooseSize} /> : null}
          <button type="submit" className="btn btn-success btn-lg w-100" disabled={soldOut}>
            Add to Cart
          </button>
        </form>
        {soldOutNote}
      </div>
    </div>
  );
}
