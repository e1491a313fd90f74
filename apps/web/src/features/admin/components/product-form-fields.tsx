import {
  type Category,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  PRODUCT_WEIGHT_MAX,
} from '@store/contract';
import { ProductFieldsDto } from '@store/contract/dto/product.dto';
import { type UseFormReturn, type Validate, useWatch } from 'react-hook-form';
import { controlClass, Field, invalidProps, TextField } from '@/components/field';
import { dtoFieldRule } from '@/lib/dto-resolver';
import { type ProductFormValues, weightRule } from './product-form-values';
import { ProductSizesField } from './product-sizes-field';
import { ProductVariantsField } from './product-variants-field';

/** A number input's value as the form sends it (multipart text); an empty input is sent as nothing, i.e. ''. */
const numberText = (value: number) => (Number.isFinite(value) ? String(value) : '');

/**
 * The text fields' rules and messages are the server's own (ProductFieldsDto), checked on what is sent. A size's
 * stock and the photo are checked here (the server's form parser reads the sizes' JSON, and the photo's bytes).
 */
const rules = {
  name: dtoFieldRule(ProductFieldsDto, 'name'),
  description: dtoFieldRule(ProductFieldsDto, 'description'),
  price: dtoFieldRule(ProductFieldsDto, 'price', numberText),
  stock: dtoFieldRule(ProductFieldsDto, 'stock', numberText),
  category: dtoFieldRule(ProductFieldsDto, 'category'),
};

type NumberName = 'price' | 'stock' | 'compareAtPrice' | 'weight';

/**
 * A number field of the product form, read as a number (an empty input is NaN): money to the cent (`$` before it
 * when `prefix` says so), or a whole number (`whole`: stock, grams), from `min` up to `max`.
 */
function NumberField({
  form,
  name,
  id,
  label,
  hint,
  max,
  min = 0,
  whole = false,
  prefix,
  validate,
}: {
  form: UseFormReturn<ProductFormValues>;
  name: NumberName;
  id: string;
  label: string;
  hint?: string;
  max: number;
  min?: number;
  whole?: boolean;
  prefix?: string;
  validate: Validate<number, ProductFormValues>;
}) {
  const error = form.formState.errors[name];
  const input = (
    <input
      id={id}
      type="number"
      inputMode={whole ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={whole ? '1' : '0.01'}
      className={controlClass('form-control', error)}
      {...invalidProps(id, error, hint !== undefined)}
      {...form.register(name, { valueAsNumber: true, validate })}
    />
  );
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {prefix ? (
        <div className="input-group has-validation">
          <span className="input-group-text" aria-hidden="true">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

/** The product's own fields: name, description, price, its stock or its sizes, and the category (from `categories`). */
export function ProductFormFields({ form, categories }: { form: UseFormReturn<ProductFormValues>; categories: Category[] }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const sizeCount = useWatch({ control, name: 'sizes' })?.length ?? 0;
  const optionCount = useWatch({ control, name: 'options' })?.length ?? 0;
  return (
    <>
      <TextField
        id="product-name"
        label="Name"
        error={errors.name}
        type="text"
        maxLength={PRODUCT_NAME_MAX}
        registration={register('name', { validate: rules.name })}
      />
      <Field id="product-description" label="Description" error={errors.description}>
        <textarea
          id="product-description"
          rows={4}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          className={controlClass('form-control', errors.description)}
          {...invalidProps('product-description', errors.description)}
          {...register('description', { validate: rules.description })}
        />
      </Field>
      <div className="row">
        <div className="col-sm-6">
          <NumberField
            form={form}
            name="price"
            id="product-price"
            label="Price"
            prefix="$"
            max={PRODUCT_PRICE_MAX}
            validate={rules.price}
          />
        </div>
        <div className="col-sm-6">
          {sizeCount === 0 && optionCount === 0 ? (
            <NumberField
              form={form}
              name="stock"
              id="product-stock"
              label="Stock"
              whole
              max={PRODUCT_STOCK_MAX}
              // Only a product without sizes has a stock of its own.
              validate={(v, all) => all.sizes.length > 0 || all.options.length > 0 || rules.stock(v)}
            />
          ) : null}
        </div>
      </div>
      <NumberField
        form={form}
        name="compareAtPrice"
        id="product-compare-at"
        label="Compare-at (optional)"
        hint="A price shown struck through beside the price, with a Sale badge; never charged."
        max={PRODUCT_PRICE_MAX}
        validate={(v) => !Number.isFinite(v) || rules.price(v)}
      />
      <NumberField
        form={form}
        name="weight"
        id="product-weight"
        label="Weight in grams (optional)"
        hint="For shipping methods priced by weight. A variant with a weight of its own weighs that instead."
        whole
        min={1}
        max={PRODUCT_WEIGHT_MAX}
        validate={weightRule('Weight', 'none')}
      />
      {optionCount === 0 ? <ProductSizesField control={control} register={register} errors={errors} /> : null}
      {sizeCount === 0 ? <ProductVariantsField form={form} /> : null}
      <Field id="product-category" label="Category" error={errors.category}>
        <select
          id="product-category"
          className={controlClass('form-select', errors.category)}
          {...invalidProps('product-category', errors.category)}
          {...register('category', { validate: rules.category })}
        >
          <option value="">Select a category</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
