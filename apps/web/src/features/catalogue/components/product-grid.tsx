import type { Product } from '@store/contract';
import { useDeferredValue, useEffect, useRef } from 'react';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { ProductCard } from './product-card';
import { PRODUCT_SORTS, type ProductListView, useProducts } from '@/api/products/list-products';

/**
 * Cards in the first row on wide screens: their photos are the first screenful, so they load eagerly; the first one
 * alone with high priority (on a phone it is the only one on screen, and the page's largest paint).
 */
const FIRST_ROW = 3;

/**
 * The home grid: three cards per row from medium screens, a spinner until the first page arrives, and the
 * next page loaded when the shopper scrolls near the end or presses "Load more products".
 */
export const PRODUCT_PAGE_SIZE = 12;

export function ProductGrid({
  onAddToCart,
  pageSize = PRODUCT_PAGE_SIZE,
  view = PRODUCT_SORTS.newest,
}: {
  onAddToCart: (product: Product) => void;
  pageSize?: number;
  /** The sort, search and category to show (the home page reads them from its URL). */
  view?: ProductListView;
}) {
  // Deferred: when a page of products arrives, React first keeps what is on screen, then renders the cards in a
  // background pass it splits into short slices, so the main thread never blocks for the whole grid at once.
  // The Load more button and the scroll trigger read the list as it is now, not as the deferred pass last drew it,
  // so a quick second tap finds the next page already on its way.
  const list = useProducts(view, pageSize);
  const { loadingMore, loadMore } = list;
  const { items: products, total, capped, loading, error, hasMore } = useDeferredValue(list);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  if (loading)
    return (
      <div className="loading-box">
        <Spinner label="Loading products..." />
      </div>
    );
  if (error && products.length === 0) return <Alert variant="danger">{error}</Alert>;
  if (products.length === 0)
    return (
      <Alert variant="info">
        {view.q || view.category || view.colour || view.size
          ? 'No t-shirts match your search. Try other words or another category.'
          : 'No t-shirts in the shop yet. Please come back soon.'}
      </Alert>
    );

  return (
    <section aria-label="Products">
      <p className="text-body-secondary small mb-3" aria-live="polite">
        Showing {products.length} of {total}
        {capped ? '+' : ''} t-shirts
      </p>
      <div className="row row-cols-1 row-cols-sm-2 row-cols-md-3 g-4">
        {products.map((product, index) => (
          <div className="col" key={product._id}>
            <ProductCard product={product} onAddToCart={onAddToCart} priority={index === 0} eager={index < FIRST_ROW} />
          </div>
        ))}
      </div>
      {error ? (
        <Alert variant="danger" className="mt-4">
          {error}
        </Alert>
      ) : null}
      {hasMore ? (
        <div ref={sentinel} className="text-center mt-4">
          <button type="button" className="btn btn-outline-success" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : 'Load more products'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
