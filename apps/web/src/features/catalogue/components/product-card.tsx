import { formatDollars, variantCompareAt } from '@store/contract';
import type { Product } from '@store/contract';
import { Link } from 'react-router-dom';
import { IncludedTaxNote } from '@/components/included-tax-note';
import { ProductImage } from '@/components/product-image';
import { hrefs } from '@/lib/paths';

/**
 * A product in the grid: photo, name, description, price with $, and Add to Cart; name and photo open its page. A
 * product sold in sizes cannot go into the cart without one: its button leads to the product page, where the size
 * is chosen.
 */
export function ProductCard({
  product,
  onAddToCart,
  priority = false,
  eager = priority,
}: {
  product: Product;
  onAddToCart: (product: Product) => void;
  /** The grid's first card: its photo is the page's largest paint, fetched eagerly and first. */
  priority?: boolean;
  /** In the first row: its photo loads eagerly. */
  eager?: boolean;
}) {
  const soldOut = product.stock <= 0;
  const compareAt = variantCompareAt(product, undefined);
  // Options other than sizes (a colour...) are chosen on the product's page, as sizes are.
  const choose = product.sizes?.length ? 'Choose a size' : product.options?.length ? 'Choose options' : undefined;
  const headingId = `product-${product._id}-name`;
  const href = hrefs.product(product._id);
  return (
    <article className="card h-100 product-card shadow-sm" aria-labelledby={headingId}>
      {/* The same link as the name's, for a pointer: out of the tab order, so the keyboard meets one link per card. */}
      <Link to={href} tabIndex={-1}>
        <ProductImage
          productId={product._id}
          version={product.updatedAt}
          name={product.name}
          className="card-img-top product-card-photo"
          priority={priority}
          eager={eager}
        />
      </Link>
      <div className="card-body d-flex flex-column">
        <h2 id={headingId} className="h5 card-title">
          <Link to={href} className="link-body-emphasis text-decoration-none">
            {product.name}
          </Link>
        </h2>
        <p className="card-text text-body-secondary product-card-description">{product.description}</p>
        <div className="mt-auto">
          <div className="d-flex align-items-center justify-content-between mb-3">
            <span>
              <span className="fs-5 fw-semibold product-price">{formatDollars(product.price)}</span>
              <IncludedTaxNote />
              {compareAt !== undefined ? (
                <>
                  {' '}
                  <s className="text-body-secondary product-compare-at">
                    <span className="visually-hidden">was </span>
                    {formatDollars(compareAt)}
                  </s>{' '}
                  <span className="badge text-bg-danger">Sale</span>
                </>
              ) : null}
            </span>
            {soldOut ? (
              <span className="badge text-bg-secondary">Out of stock</span>
            ) : product.stock <= 5 ? (
              <span className="badge text-bg-warning">Only {product.stock} left</span>
            ) : null}
          </div>
          {choose && !soldOut ? (
            <Link to={href} className="btn btn-success w-100" aria-label={`${choose}: ${product.name}`}>
              {choose}
            </Link>
          ) : (
            <button
              type="button"
              className="btn btn-success w-100"
              onClick={() => onAddToCart(product)}
              disabled={soldOut}
              // The accessible name starts with the visible text (WCAG 2.5.3 label in name), so "click Add to Cart"
              // works for speech input, and names the product for screen readers.
              aria-label={`Add to Cart: ${product.name}`}
            >
              Add to Cart
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
