import { formatDollars } from '@store/contract';
import type { Product } from '@store/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_SORTS, useProducts } from '@/api/products/list-products';
import { hrefs } from '@/lib/paths';
import { Alert } from '@/components/alert';
import { LoadMore } from '@/components/load-more';
import { ProductImage } from '@/components/product-image';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDeleteProduct } from '../api/delete-product';

export const MANAGE_PRODUCTS_PAGE_SIZE = 50;

/**
 * Every product with Update and Delete under a heading with the real count ('Total N products'; the spec's
 * heading was the fixed text 'Total 3 products'). Pages of 50 by name; failures are logged and shown.
 */
export function ManageProducts({ pageSize = MANAGE_PRODUCTS_PAGE_SIZE }: { pageSize?: number }) {
  const list = useProducts(PRODUCT_SORTS.byName, pageSize);
  const { mutateAsync: deleteProduct } = useDeleteProduct();
  const [actionError, setActionError] = useState<string | null>(null);
  const { total } = list;
  const products = list.loading || (list.error && list.items.length === 0) ? undefined : list.items;

  const remove = async (product: Product) => {
    if (!window.confirm(`Delete the product "${product.name}"?`)) return;
    setActionError(null);
    try {
      await deleteProduct(product._id);
    } catch (cause) {
      console.error(cause);
      setActionError(errorMessage(cause));
    }
  };

  const error = actionError ?? list.error;
  if (!products) return error ? <Alert variant="danger">{error}</Alert> : <Spinner label="Loading products..." />;
  return (
    <section aria-labelledby="products-heading">
      <h2 id="products-heading" className="h4 mb-3">
        Total {total} products
      </h2>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {products.length === 0 ? <p className="text-body-secondary">No products yet.</p> : null}
      <ul className="list-group shadow-sm">
        {products.map((product) => (
          <li key={product._id} className="list-group-item d-flex align-items-center gap-3 py-2" aria-label={product.name}>
            <ProductImage
              productId={product._id}
              version={product.updatedAt}
              name={product.name}
              className="rounded admin-thumb"
              size={56}
            />
            <div className="flex-grow-1 min-w-0">
              <div className="fw-semibold text-truncate">{product.name}</div>
              <div className="small text-body-secondary">
                {formatDollars(product.price)} &middot; {product.stock} in stock &middot; {product.sold ?? 0} sold
              </div>
            </div>
            <Link to={hrefs.adminUpdateProduct(product._id)} className="btn btn-sm btn-success" aria-label={`Update ${product.name}`}>
              Update
            </Link>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => remove(product)}
              aria-label={`Delete ${product.name}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {/* The list's failure is shown above, with the delete's. */}
      <LoadMore list={{ ...list, error: null }} label="Load more products" />
    </section>
  );
}
