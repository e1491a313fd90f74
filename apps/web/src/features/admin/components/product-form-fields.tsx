import {
  type Category,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  PRODUCT_WEIGHT_MAX,
} from '@store/contract';
import { ProductFieldsDto } from '@store/contract/dto/product.dto';
import { type UseFormReturn, useWatch } from 'react-hook-form';
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
          <Field id="product-price" label="Price" error={errors.price}>
            <div className="input-group has-validation">
              <span className="input-group-text" aria-hidden="true">
                $
              </span>
              <input
                id="product-price"
                type="number"
                inputMode="decimal"
                min={0}
                max={PRODUCT_PRICE_MAX}
                step="0.01"
                className={controlClass('form-control', errors.price)}
                {...invalidProps('product-price', errors.price)}
                {...register('price', { valueAsNumber: true, validate: rules.price })}
              />
            </div>
          </Field>
        </div>
        <div className="col-sm-6">
          {sizeCount === 0 && optionCount === 0 ? (
            <TextField
              id="product-stock"
              label="Stock"
              error={errors.stock}
              type="number"
              inputMode="numeric"
              min={0}
              max={PRODUCT_STOCK_MAX}
              step={1}
              registration={register('stock', {
                valueAsNumber: true,
                // Only a product without sizes has a stock of its own.
                validate: (v, all) => all.sizes.length > 0 || all.options.length > 0 || rules.stock(v),
              })}
            />
          ) : null}
        </div>
      </div>
      <TextField
        id="product-compare-at"
        label="Compare-at (optional)"
        hint="A price shown struck through beside the price, with a Sale badge; never charged."
        error={errors.compareAtPrice}
        type="number"
        inputMode="decimal"
        min={0}
        max={PRODUCT_PRICE_MAX}
        step="0.01"
        registration={register('compareAtPrice', {
          valueAsNumber: true,
          validate: (v) => !Number.isFinite(v) || rules.price(v),
        })}
      />
      <TextField
        id="product-weight"
        label="Weight in grams (optional)"
        hint="For shipping methods priced by weight. A variant with a weight of its own weighs that instead."
        error={errors.weight}
        type="number"
        inputMode="numeric"
        min={1}
        max={PRODUCT_WEIGHT_MAX}
        step="1"
        registration={register('weight', { valueAsNumber: true, validate: weightRule('Weight', 'none') })}
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
