import {
  isWholeCents,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_TYPES,
  PRODUCT_PRICE_MAX,
  PRODUCT_SIZES,
  PRODUCT_STOCK_MAX,
  type Product,
  type ProductFields,
  type ProductSize,
} from '@store/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type Control, type DeepPartial, type FieldErrors, useFieldArray, useForm, type UseFormRegister, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { controlClass, Field, invalidProps, TextField } from '@/components/field';
import { ProductImage } from '@/components/product-image';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listCategories } from '../api/categories';
import { createProduct, getProduct, updateProduct } from '../api/products';

interface FormValues {
  name: string;
  description: string;
  price: number;
  stock: number;
  category: string;
  photo: FileList | null;
  /** The sizes the product is sold in, in PRODUCT_SIZES order, each with its stock; empty: sold without sizes. */
  sizes: Array<{ size: ProductSize; stock: number }>;
}

const EMPTY: FormValues = { name: '', description: '', price: NaN, stock: NaN, category: '', photo: null, sizes: [] };

function valuesOf(product: Product): FormValues {
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

const stockRule = (label: string) => (value: number) =>
  !Number.isFinite(value)
    ? `${label} is required`
    : !Number.isInteger(value) || value < 0 || value > PRODUCT_STOCK_MAX
      ? `${label} must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`
      : true;

/** The total over the sizes (the product's stock), counting only the sizes whose stock is filled in. */
function sizesTotal(sizes: FormValues['sizes'] | undefined): number {
  return (sizes ?? []).reduce((total, entry) => total + (Number.isFinite(entry.stock) ? entry.stock : 0), 0);
}

/** Whether the stock (or a size's stock, or which sizes) differs from what the form was opened with. */
function stockEdited(values: FormValues, initial: Readonly<DeepPartial<FormValues>> | undefined): boolean {
  const before = (initial?.sizes ?? []).map((entry) => `${entry?.size}:${entry?.stock}`).join(',');
  const after = values.sizes.map((entry) => `${entry.size}:${entry.stock}`).join(',');
  return before !== after || (values.sizes.length === 0 && values.stock !== initial?.stock);
}

/** The messages the store has always shown, with the name the server answered. */
export const productMessages = {
  created: (name: string) => `${name} created successfully`,
  updated: (name: string) => `${name} updated successfully`,
};

const MB = 1024 * 1024;

interface Props {
  /** Present when editing: the form starts with this product's fields and the photo becomes optional. */
  product?: Product;
  onSaved?: (product: Product) => void;
}

/**
 * Create or edit a product: name, description, price and stock as numbers, a category, and a photo (images only).
 * After a create the fields are cleared; after an update they show what was saved.
 */
export function ProductForm({ product, onSaved }: Props) {
  const editing = !!product;
  const queryClient = useQueryClient();
  const { data: categories, error: categoriesFailure } = useQuery({
    queryKey: queryKeys.categories.list(),
    queryFn: ({ signal }) => listCategories(signal),
  });
  const categoriesError = categoriesFailure ? errorMessage(categoriesFailure) : null;
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting, defaultValues },
  } = useForm<FormValues>({ defaultValues: product ? valuesOf(product) : EMPTY });
  const chosenFiles = useWatch({ control, name: 'photo' });
  const sizeCount = useWatch({ control, name: 'sizes' })?.length ?? 0;
  const chosenPhoto = chosenFiles?.[0]?.type.startsWith('image/') ? chosenFiles[0] : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setSuccess(null);
    setFailure(null);
    const sized = values.sizes.length > 0;
    const sizes = values.sizes.map(({ size, stock }) => ({ size, stock }));
    const fields: Partial<ProductFields> = {
      name: values.name.trim(),
      description: values.description.trim(),
      price: values.price,
      category: values.category,
    };
    // On an edit the stock goes only when the admin changed it: the form's copy is as old as the page, and sales
    // since then moved the real one (sending it back would put sold t-shirts back on the shelf).
    if (!product || stockEdited(values, defaultValues)) {
      // A product sold in sizes has their total as its stock (the server checks it is exactly that).
      fields.stock = sized ? sizesTotal(values.sizes) : values.stock;
      // Sizes go only with a product that has (or had) them: an unsized product's form is the spec's, field for field.
      if (sized || product?.sizes?.length) fields.sizes = sizes;
    }
    const photo = values.photo?.[0];
    try {
      const saved = product ? await updateProduct(product._id, fields, photo) : await createProduct(fields as ProductFields, photo);
      // The catalogue grid, the admin list, this product and the cart's re-read all show products.
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      setSuccess(product ? productMessages.updated(saved.name) : productMessages.created(saved.name));
      reset(product ? valuesOf(saved) : EMPTY);
      onSaved?.(saved);
    } catch (error) {
      console.error(error);
      setFailure(errorMessage(error));
    }
  });

  // The select must have its options before the form mounts, or a prefilled category would not be selected.
  if (!categories) return categoriesError ? <Alert variant="danger">{categoriesError}</Alert> : <Spinner label="Loading categories..." />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Update product' : 'Create product'} className="card shadow-sm">
      <div className="card-body">
        {success ? <Alert variant="success">{success}</Alert> : null}
        {failure ? <Alert variant="danger">{failure}</Alert> : null}

        <div className="row g-3">
          <div className="col-md-8">
            <TextField
              id="product-name"
              label="Name"
              error={errors.name}
              type="text"
              maxLength={PRODUCT_NAME_MAX}
              registration={register('name', { validate: (v) => v.trim().length > 0 || 'Name is required' })}
            />
            <Field id="product-description" label="Description" error={errors.description}>
              <textarea
                id="product-description"
                rows={4}
                maxLength={PRODUCT_DESCRIPTION_MAX}
                className={controlClass('form-control', errors.description)}
                {...invalidProps('product-description', errors.description)}
                {...register('description', { validate: (v) => v.trim().length > 0 || 'Description is required' })}
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
                      {...register('price', {
                        valueAsNumber: true,
                        validate: (v) =>
                          !Number.isFinite(v)
                            ? 'Price is required'
                            : v < 0 || v > PRODUCT_PRICE_MAX
                              ? `Price must be from 0 to ${PRODUCT_PRICE_MAX}`
                              : !isWholeCents(v)
                                ? 'Price can have at most two decimals'
                                : true,
                      })}
                    />
                  </div>
                </Field>
              </div>
              <div className="col-sm-6">
                {sizeCount === 0 ? (
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
                      validate: (v, all) => all.sizes.length > 0 || stockRule('Stock')(v),
                    })}
                  />
                ) : null}
              </div>
            </div>
            <SizesField control={control} register={register} errors={errors} />
            <Field id="product-category" label="Category" error={errors.category}>
              <select
                id="product-category"
                className={controlClass('form-select', errors.category)}
                {...invalidProps('product-category', errors.category)}
                {...register('category', { required: 'Choose a category' })}
              >
                <option value="">Select a category</option>
                {categories.map((category) => (
                  <option key={category._id} value={category._id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="col-md-4">
            {chosenPhoto ? (
              <PhotoPreview file={chosenPhoto} />
            ) : product ? (
              <figure className="mb-3">
                <ProductImage
                  productId={product._id}
                  version={product.updatedAt}
                  name={product.name}
                  className="img-thumbnail w-100 product-form-photo"
                />
                <figcaption className="form-text">Current photo</figcaption>
              </figure>
            ) : null}
            <Field
              id="product-photo"
              label="Photo"
              error={errors.photo}
              hint={`JPEG, PNG, WebP or GIF, up to ${PRODUCT_PHOTO_MAX_BYTES / MB} MB${editing ? '. Leave empty to keep the current photo.' : '.'}`}
            >
              <input
                id="product-photo"
                type="file"
                accept={PRODUCT_PHOTO_TYPES.join(',')}
                className={controlClass('form-control', errors.photo)}
                {...invalidProps('product-photo', errors.photo, true)}
                {...register('photo', {
                  validate: (files) => {
                    const file = files?.[0];
                    if (!file) return true;
                    if (!file.type.startsWith('image/')) return 'Choose an image file';
                    if (file.size > PRODUCT_PHOTO_MAX_BYTES) return `The photo must be at most ${PRODUCT_PHOTO_MAX_BYTES / MB} MB`;
                    return true;
                  },
                })}
              />
            </Field>
          </div>
        </div>
        <button type="submit" className="btn btn-success" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Update Product' : 'Create Product'}
        </button>
      </div>
    </form>
  );
}

/**
 * The sizes the product is sold in (a field array): a checkbox per size picks it, each picked size gets its stock,
 * and the total (the product's stock) is shown. With no size picked the product is sold without sizes and the
 * plain Stock field is used instead.
 */
function SizesField({
  control,
  register,
  errors,
}: {
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
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

/** The chosen file as the shopper will see it, before it is uploaded. */
function PhotoPreview({ file }: { file: File }) {
  const url = useMemo(() => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return null;
  return (
    <figure className="mb-3">
      <img src={url} alt="Preview of the chosen photo" className="img-thumbnail w-100 product-form-photo" />
      <figcaption className="form-text">New photo</figcaption>
    </figure>
  );
}

/** Loads the product, then shows the form with every field filled in. */
export function UpdateProductForm({ productId }: { productId: string }) {
  const queryClient = useQueryClient();
  const { data: product, error } = useQuery({
    queryKey: queryKeys.products.detail(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
  });
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  if (!product) return <Spinner label="Loading product..." />;
  return (
    <ProductForm
      key={product._id}
      product={product}
      onSaved={(saved) => queryClient.setQueryData(queryKeys.products.detail(productId), saved)}
    />
  );
}
