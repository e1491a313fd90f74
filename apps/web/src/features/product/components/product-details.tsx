import { formatDollars, type Product, type ProductSize } from '@store/contract';
import { useForm } from 'react-hook-form';
import { ProductGallery } from './product-gallery';
import { FEW_LEFT, SizePicker } from './size-picker';

/** The message a buyer gets who adds a sized product without choosing a size. */
export const CHOOSE_A_SIZE = 'Please choose a size.';

/**
 * One product: its photos (the gallery), price, category, what is left, the size picker for a product sold in sizes, and
 * Add to Cart. `onAdd` gets the chosen size (none for an unsized product); the page decides what adding means.
 */
export function ProductDetails({
  product,
  categoryName,
  optionValue,
  onAdd,
}: {
  product: Product;
  /** The option value chosen (a colour), whose photos the gallery shows; none: the product's untied photos. */
  optionValue?: number | null;
  /** The category's name, once the categories have loaded. */
  categoryName?: string;
  onAdd: (size: ProductSize | undefined) => void;
}) {
  const sizes = product.sizes ?? [];
  const sized = sizes.length > 0;
  const soldOut = product.stock <= 0;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ size: ProductSize | null }>({ defaultValues: { size: null } });
  const onSubmit = handleSubmit(({ size }) => onAdd(sized ? (size ?? undefined) : undefined));

  return (
    <div className="row g-4 g-lg-5">
      <div className="col-md-6">
        <ProductGallery product={product} optionValue={optionValue} />
      </div>
      <div className="col-md-6">
        <p className="fs-3 fw-semibold product-price mb-1">{formatDollars(product.price)}</p>
        <p className="text-body-secondary mb-3">
          Category: <span className="product-category">{categoryName ?? '…'}</span>
        </p>
        {soldOut ? (
          <p>
            <span className="badge text-bg-secondary fs-6">Out of stock</span>
          </p>
        ) : !sized && product.stock <= FEW_LEFT ? (
          <p>
            <span className="badge text-bg-warning fs-6">Only {product.stock} left</span>
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate aria-label={`Add ${product.name} to the cart`}>
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
