import type { Product } from '@store/contract';
import { useForm } from 'react-hook-form';
import { useCategories } from '@/api/categories/list-categories';
import { useProduct } from '@/api/products/get-product';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { ProductFormFields } from './product-form-fields';
import { type PhotoColour, ProductGalleryEditor } from './product-gallery-editor';
import { EMPTY_PRODUCT_FORM, productFormValues, type ProductFormValues } from './product-form-values';
import { ProductPhotoField } from './product-photo-field';
import { useProductFormSubmit } from './use-product-form-submit';

interface Props {
  /** Present when editing: the form starts with this product's fields and the photo becomes optional. */
  product?: Product;
}

/**
 * Create or edit a product: name, description, price and stock as numbers, a category, and a photo (images only).
 * After a create the fields are cleared; after an update they show what was saved.
 */
export function ProductForm({ product }: Props) {
  const editing = !!product;
  const { data: categories, error: categoriesFailure } = useCategories();
  const categoriesError = categoriesFailure ? errorMessage(categoriesFailure) : null;
  const form = useForm<ProductFormValues>({ defaultValues: product ? productFormValues(product) : EMPTY_PRODUCT_FORM });
  const { onSubmit, success, failure } = useProductFormSubmit(form, product);
  const { isSubmitting } = form.formState;

  // The select must have its options before the form mounts, or a prefilled category would not be selected.
  if (!categories) return categoriesError ? <Alert variant="danger">{categoriesError}</Alert> : <Spinner label="Loading categories..." />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Update product' : 'Create product'} className="card shadow-sm">
      <div className="card-body">
        {success ? <Alert variant="success">{success}</Alert> : null}
        {failure ? <Alert variant="danger">{failure}</Alert> : null}

        <div className="row g-3">
          <div className="col-md-8">
            <ProductFormFields form={form} categories={categories} />
          </div>
          <div className="col-md-4">
            <ProductPhotoField form={form} product={product} />
          </div>
        </div>
        <button type="submit" className="btn btn-success" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Update Product' : 'Create Product'}
        </button>
      </div>
    </form>
  );
}

/** The values of the product's colour option (the one whose values carry swatches), which a photo may show. */
function photoColours(product: Product): PhotoColour[] {
  const colour = (product.options ?? []).find((option) => option.values.some((value) => value.swatch));
  return colour ? colour.values.map((value) => ({ id: value._id, label: value.value })) : [];
}

/** Loads the product, then shows the form with every field filled in, and its gallery. */
export function UpdateProductForm({ productId }: { productId: string }) {
  // After a save the product's query holds the saved product (useSaveProduct): the form shows what was saved.
  const { data: product, error } = useProduct(productId);
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  if (!product) return <Spinner label="Loading product..." />;
  return (
    <>
      <ProductForm key={product._id} product={product} />
      <ProductGalleryEditor product={product} colours={photoColours(product)} />
    </>
  );
}
