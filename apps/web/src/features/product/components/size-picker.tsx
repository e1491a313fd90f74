import type { ProductSize, SizeStock } from '@store/contract';
import type { FieldError } from 'react-hook-form';
import { invalidProps } from '@/components/field';

/** At most this many left of a size (or of an unsized product), and the page says so: "Only 3 left in M". */
export const FEW_LEFT = 5;

/**
 * The sizes of a product as one radio group (a fieldset named by its legend): a size with nothing left is shown
 * but disabled, and the sizes running low are named under the group.
 */
export function SizePicker({
  sizes,
  value,
  onChange,
  error,
}: {
  sizes: readonly SizeStock[];
  /** The size chosen, if any. */
  value: ProductSize | null;
  onChange: (size: ProductSize) => void;
  /** The message to show under the sizes (react-hook-form's shape, as a type only: no form library is loaded). */
  error?: FieldError;
}) {
  const id = 'product-size';
  const few = sizes.filter((entry) => entry.stock > 0 && entry.stock <= FEW_LEFT);
  const hasHint = few.length > 0;
  return (
    <fieldset className="mb-3" {...invalidProps(id, error, hasHint)}>
      <legend className="form-label fs-6 fw-semibold">Size</legend>
      <div className="d-flex flex-wrap gap-2">
        {sizes.map(({ size, stock }) => (
          <SizeOption key={size} size={size} soldOut={stock <= 0} checked={value === size} onChange={onChange} />
        ))}
      </div>
      {hasHint ? (
        <ul id={`${id}-hint`} className="list-unstyled small text-body-secondary mt-2 mb-0">
          {few.map(({ size, stock }) => (
            <li key={size}>
              Only {stock} left in {size}
            </li>
          ))}
        </ul>
      ) : null}
      {error?.message ? (
        // The darker red: Bootstrap's invalid-feedback red is under 4.5:1 on the page's grey (axe).
        <div id={`${id}-error`} className="invalid-feedback d-block text-danger-emphasis fw-semibold" role="alert">
          {error.message}
        </div>
      ) : null}
    </fieldset>
  );
}

function SizeOption({
  size,
  soldOut,
  checked,
  onChange,
}: {
  size: ProductSize;
  soldOut: boolean;
  checked: boolean;
  onChange: (size: ProductSize) => void;
}) {
  const id = `product-size-${size}`;
  return (
    <>
      <input
        type="radio"
        className="btn-check"
        id={id}
        name="size"
        value={size}
        disabled={soldOut}
        checked={checked}
        onChange={() => onChange(size)}
      />
      <label className="btn btn-outline-dark size-option" htmlFor={id}>
        {size}
        {soldOut ? <span className="visually-hidden"> (sold out)</span> : null}
      </label>
    </>
  );
}
