import { formatDollars, type Product, type ProductSize, type ProductVariant, variantCompareAt, variantPrice } from '@store/contract';
import { useForm } from 'react-hook-form';
import { ProductGallery } from './product-gallery';
import { FEW_LEFT, SizePicker } from './size-picker';
import { chosenVariant, VariantPicker } from './variant-picker';
import { IncludedTaxNote } from '@/components/included-tax-note';

/** The id of the chosen value of the product's colour option (the one whose values carry swatches), if one is chosen. */
function chosenColour(product: Product, chosen: readonly (string | undefined)[]): number | null {
  const index = (product.options ?? []).findIndex((option) => option.values.some((value) => value.swatch));
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
}) {
  const sizes = product.sizes ?? [];
  const sized = sizes.length > 0;
  const options = product.options ?? [];
  const withOptions = !sized && options.length > 0 && onChoose !== undefined;
  const variant = withOptions ? chosenVariant(product.variants ?? [], chosen) : undefined;
  const soldOut = product.stock <= 0 || (variant !== undefined && variant.stock <= 0);
  const price = variantPrice(product, variant);
  const compareAt = variantCompareAt(product, variant);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<{ size: ProductSize | null; variant: string }>({
    defaultValues: { size: null },
    values: { size: null, variant: variant ? String(variant._id) : '' },
  });
  const onSubmit = handleSubmit(({ size }) => {
    if (withOptions) {
      if (variant) onAddVariant?.(variant);
      return;
    }
    onAdd(sized ? (size ?? undefined) : undefined);
  });
  const choose = (index: number, value: string) => {
    clearErrors('variant');
    onChoose?.(index, value);
  };

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
            <>
              <input
                type="hidden"
                {...register('variant', { validate: (value) => (value ? true : chooseOptions(options.map((o) => o.name))) })}
              />
              <VariantPicker options={options} variants={product.variants ?? []} chosen={chosen} onChoose={choose} error={errors.variant} />
            </>
          ) : null}
          {sized ? (
            <SizePicker
              sizes={sizes}
              error={errors.size}
              registration={register('size', { validate: (size) => (size ? true : CHOOSE_A_SIZE) })}
            />
          ) : null}
          <button type="submit" className="btn btn-success btn-lg w-100" disabled={soldOut}>
            Add to Cart
          </button>
        </form>
      </div>
    </div>
  );
}
