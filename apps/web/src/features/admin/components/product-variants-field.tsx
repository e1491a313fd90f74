import { PRODUCT_OPTIONS_MAX, PRODUCT_STOCK_MAX, PRODUCT_WEIGHT_MAX } from '@store/contract';
import { checkVariants } from '@store/contract/dto/product-variants';
import { useState } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { TextField } from '@/components/field';
import { optionInputs, type ProductFormValues, stockRule, variantGrid, variantInputs, weightRule } from './product-form-values';

/**
 * Options and variants: up to three options (a name and its values, `Blue #1e3a8a, Red #b91c1c` giving each colour
 * its swatch), "Make the variants" for every combination (rows already there keep their SKU, stock and price), and
 * the variant table (SKU, stock, price, weight, active per combination; field arrays), with a bulk "set stock /
 * price for all of one value". A variant's price or weight left empty is the product's. The whole grid is checked
 * with the contract's rules, the API's own.
 */
export function ProductVariantsField({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const {
    control,
    register,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const options = useFieldArray({ control, name: 'options' });
  const variants = useFieldArray({
    control,
    name: 'variants',
    rules: {
      validate: (rows, all) => {
        if (all.options.length === 0) return true;
        const checked = checkVariants(optionInputs(all.options), variantInputs(rows));
        return checked.errors[0]?.message ?? true;
      },
    },
  });
  const watchedOptions = useWatch({ control, name: 'options' }) ?? [];
  const watchedVariants = useWatch({ control, name: 'variants' }) ?? [];
  const [bulk, setBulk] = useState({ target: '', stock: '', price: '' });

  const makeVariants = () => variants.replace(variantGrid(optionInputs(getValues('options')), getValues('variants')));
  const valueChoices = optionInputs(watchedOptions).flatMap((option, index) =>
    option.values.map((value) => ({ key: `${index}:${value.value}`, label: `${option.name}: ${value.value}`, index, value: value.value })),
  );
  const applyBulk = () => {
    const choice = valueChoices.find((c) => c.key === bulk.target);
    getValues('variants').forEach((row, index) => {
      if (choice && row.options[choice.index] !== choice.value) return;
      if (bulk.stock.trim() !== '') setValue(`variants.${index}.stock`, Number(bulk.stock), { shouldDirty: true });
      if (bulk.price.trim() !== '') setValue(`variants.${index}.price`, Number(bulk.price), { shouldDirty: true });
    });
  };
  const stockError = variants.fields.map((_, index) => errors.variants?.[index]?.stock?.message).find(Boolean);
  const weightError = variants.fields.map((_, index) => errors.variants?.[index]?.weight?.message).find(Boolean);
  const total = watchedVariants.reduce((sum, row) => sum + (row.active && Number.isFinite(row.stock) ? row.stock : 0), 0);

  return (
    <fieldset className="mb-3" aria-describedby="product-options-hint">
      <legend className="form-label fs-6 mb-1">Options and variants</legend>
      <div id="product-options-hint" className="form-text mb-2">
        Options such as Colour and Size, their values separated by commas; a colour&apos;s swatch after it (Blue #1e3a8a).
      </div>
      {options.fields.map((field, index) => (
        <div key={field.id} className="row g-2 align-items-end mb-2">
          <div className="col-sm-4">
            <TextField
              id={`product-option-${index}-name`}
              label={`Option ${index + 1} name`}
              error={errors.options?.[index]?.name}
              type="text"
              registration={register(`options.${index}.name`, { validate: (v) => (v.trim() ? true : 'An option needs a name') })}
            />
          </div>
          <div className="col-sm-6">
            <TextField
              id={`product-option-${index}-values`}
              label={`Option ${index + 1} values`}
              error={errors.options?.[index]?.values}
              type="text"
              registration={register(`options.${index}.values`, { validate: (v) => (v.trim() ? true : 'An option needs values') })}
            />
          </div>
          <div className="col-sm-2 mb-3">
            <button type="button" className="btn btn-outline-danger w-100" onClick={() => options.remove(index)}>
              Remove
            </button>
          </div>
        </div>
      ))}
      <div className="d-flex gap-2 mb-3">
        {options.fields.length < PRODUCT_OPTIONS_MAX ? (
          <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => options.append({ name: '', values: '' })}>
            Add option
          </button>
        ) : null}
        {options.fields.length > 0 ? (
          <button type="button" className="btn btn-outline-dark btn-sm" onClick={makeVariants}>
            Make the variants
          </button>
        ) : null}
      </div>

      {options.fields.length > 0 && variants.fields.length > 0 ? (
        <>
          <div className="row g-2 align-items-end mb-2" role="group" aria-label="Set for all">
            <div className="col-sm-4">
              <label htmlFor="bulk-target" className="form-label small">
                Set for all
              </label>
              <select
                id="bulk-target"
                className="form-select form-select-sm"
                value={bulk.target}
                onChange={(event) => setBulk({ ...bulk, target: event.target.value })}
              >
                <option value="">Every variant</option>
                {valueChoices.map((choice) => (
                  <option key={choice.key} value={choice.key}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-sm-3">
              <label htmlFor="bulk-stock" className="form-label small">
                Stock
              </label>
              <input
                id="bulk-stock"
                type="number"
                min={0}
                className="form-control form-control-sm"
                value={bulk.stock}
                onChange={(event) => setBulk({ ...bulk, stock: event.target.value })}
              />
            </div>
            <div className="col-sm-3">
              <label htmlFor="bulk-price" className="form-label small">
                Price
              </label>
              <input
                id="bulk-price"
                type="number"
                min={0}
                step="0.01"
                className="form-control form-control-sm"
                value={bulk.price}
                onChange={(event) => setBulk({ ...bulk, price: event.target.value })}
              />
            </div>
            <div className="col-sm-2">
              <button type="button" className="btn btn-outline-dark btn-sm w-100" onClick={applyBulk}>
                Apply
              </button>
            </div>
          </div>
          <table className="table table-sm align-middle">
            <caption className="caption-top">Variants ({variants.fields.length})</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">SKU</th>
                <th scope="col">Stock</th>
                <th scope="col">Price</th>
                <th scope="col">Weight (g)</th>
                <th scope="col">Active</th>
              </tr>
            </thead>
            <tbody>
              {variants.fields.map((field, index) => {
                const label = field.options.join(' / ');
                return (
                  <tr key={field.id}>
                    <th scope="row">{label}</th>
                    <td>
                      <input
                        aria-label={`SKU of ${label}`}
                        className="form-control form-control-sm"
                        placeholder="made for you"
                        {...register(`variants.${index}.sku`)}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={`Stock of ${label}`}
                        type="number"
                        min={0}
                        max={PRODUCT_STOCK_MAX}
                        className="form-control form-control-sm"
                        aria-invalid={errors.variants?.[index]?.stock ? true : undefined}
                        {...register(`variants.${index}.stock`, { valueAsNumber: true, validate: stockRule(`Stock of ${label}`) })}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={`Price of ${label}`}
                        type="number"
                        min={0}
                        step="0.01"
                        placeholder="product's"
                        className="form-control form-control-sm"
                        {...register(`variants.${index}.price`, { valueAsNumber: true })}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={`Weight of ${label}`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={PRODUCT_WEIGHT_MAX}
                        step="1"
                        placeholder="product's"
                        className="form-control form-control-sm"
                        aria-invalid={errors.variants?.[index]?.weight ? true : undefined}
                        {...register(`variants.${index}.weight`, {
                          valueAsNumber: true,
                          validate: weightRule(`Weight of ${label}`, "the product's"),
                        })}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={`${label} active`}
                        type="checkbox"
                        className="form-check-input variant-active"
                        {...register(`variants.${index}.active`)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="mb-0 fw-semibold" data-testid="variants-total">
            Total stock: {total}
          </p>
        </>
      ) : null}
      {errors.variants?.root?.message ? (
        <div className="invalid-feedback d-block text-danger-emphasis" role="alert">
          {errors.variants.root.message}
        </div>
      ) : null}
      {stockError ? (
        <div className="invalid-feedback d-block text-danger-emphasis" role="alert">
          {stockError}
        </div>
      ) : null}
      {weightError ? (
        <div className="invalid-feedback d-block text-danger-emphasis" role="alert">
          {weightError}
        </div>
      ) : null}
    </fieldset>
  );
}
