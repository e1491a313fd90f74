import { PRODUCT_SIZES, PRODUCT_STOCK_MAX, type ProductSize } from '@store/contract';
import { type Control, type FieldErrors, useFieldArray, type UseFormRegister, useWatch } from 'react-hook-form';
import { TextField } from '@/components/field';
import { type ProductFormValues, sizesTotal, stockRule } from './product-form-values';

/**
 * The sizes the product is sold in (a field array): a checkbox per size picks it, each picked size gets its stock,
 * and the total (the product's stock) is shown. With no size picked the product is sold without sizes and the
 * plain Stock field is used instead.
 */
export function ProductSizesField({
  control,
  register,
  errors,
}: {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  const { fields, insert, remove } = useFieldArray({
    control,
    name: 'sizes',
    rules: {
      validate: (sizes) => sizesTotal(sizes) <= PRODUCT_STOCK_MAX || `The sizes' stock must add up to at most ${PRODUCT_STOCK_MAX}`,
    },
  });
  const watched = useWatch({ control, name: 'sizes' });
  const toggle = (size: ProductSize, picked: boolean) => {
    const at = fields.findIndex((field) => field.size === size);
    if (!picked) {
      if (at >= 0) remove(at);
      return;
    }
    if (at >= 0) return;
    // Kept in size order, as the server lists them.
    const rank = PRODUCT_SIZES.indexOf(size);
    const before = fields.filter((field) => PRODUCT_SIZES.indexOf(field.size) < rank).length;
    insert(before, { size, stock: NaN }, { shouldFocus: true, focusName: `sizes.${before}.stock` });
  };
  return (
    <fieldset className="mb-3" aria-describedby="product-sizes-hint">
      <legend className="form-label fs-6 mb-1">Sizes</legend>
      <div className="d-flex flex-wrap gap-3 mb-2">
        {PRODUCT_SIZES.map((size) => (
          <div key={size} className="form-check form-check-inline m-0">
            <input
              id={`product-size-${size}`}
              type="checkbox"
              className="form-check-input"
              checked={fields.some((field) => field.size === size)}
              onChange={(event) => toggle(size, event.target.checked)}
            />
            <label htmlFor={`product-size-${size}`} className="form-check-label">
              {size}
            </label>
          </div>
        ))}
      </div>
      <div id="product-sizes-hint" className="form-text mb-2">
        {fields.length === 0
          ? 'Leave every size unticked for a product sold without sizes.'
          : "Stock per size; the total is the product's stock."}
      </div>
      {fields.length > 0 ? (
        <div className="row g-2">
          {fields.map((field, index) => {
            const error = errors.sizes?.[index]?.stock;
            return (
              <div key={field.id} className="col-6 col-sm-4">
                <TextField
                  id={`product-size-${field.size}-stock`}
                  label={`Stock of size ${field.size}`}
                  error={error}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={PRODUCT_STOCK_MAX}
                  step={1}
                  registration={register(`sizes.${index}.stock`, {
                    valueAsNumber: true,
                    validate: stockRule(`Stock of size ${field.size}`),
                  })}
                />
              </div>
            );
          })}
        </div>
      ) : null}
      {fields.length > 0 ? (
        <p className="mb-0 fw-semibold" data-testid="sizes-total">
          Total stock: {sizesTotal(watched)}
        </p>
      ) : null}
      {errors.sizes?.root?.message ? <div className="invalid-feedback d-block">{errors.sizes.root.message}</div> : null}
    </fieldset>
  );
}
