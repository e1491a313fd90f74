import type { Product } from '@store/contract';
import { lazy, Suspense, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Page } from '@/components/page';
import { catalogueView } from '@/features/catalogue/catalogue-view';
import { ProductGrid } from '@/features/catalogue/components/product-grid';
import { addToCart } from '@/lib/cart';
import { paths } from '@/lib/paths';
import { isRenderedOnServer } from '@/lib/rendered-on-server';
import { useAfterLoad } from '@/lib/use-after-load';

// The search box, sort and category chips are a chunk of their own, so the home page's entry stays within its
// JS budget; the grid does not wait for them (it reads the view from the URL itself). A page the server rendered
// has them in its HTML, working as a plain form and links before any script runs; React hydrates them when their
// chunk arrives (the Suspense boundary keeps the server's markup until then). A page the browser renders fetches
// them (with their categories request) only once the page has loaded and the browser is idle, after the products
// and the first photos; until they arrive, an empty box of their size keeps the grid from moving.
const CatalogueFilters = lazy(() =>
  import('@/features/catalogue/components/catalogue-filters').then((m) => ({ default: m.CatalogueFilters })),
);

const FILTERS_PLACEHOLDER = <div className="catalogue-filters mb-4" />;

/** The home page's heading and lead, also its tab title and meta description (the server's page head says the same). */
export const HOME_TITLE = 'T-shirts for every day';
export const HOME_DESCRIPTION = 'Soft cotton tees, printed with care. Pick yours and pay securely by card.';

export function HomePage() {
  const navigate = useNavigate();
  // useLocation rather than useSearchParams: the same query, without adding the latter to the entry bundle.
  const { search } = useLocation();
  const afterLoad = useAfterLoad();
  const showFilters = afterLoad || isRenderedOnServer();
  // The same element for as long as showFilters holds: on a server-rendered page, the filters' chunk may still be on
  // its way when the page's load flips afterLoad, and a new element reaching their boundary before it has hydrated
  // makes React drop the server's filters for the placeholder and draw them again (a layout shift, twice).
  const filters = useMemo(
    () => <Suspense fallback={FILTERS_PLACEHOLDER}>{showFilters ? <CatalogueFilters /> : FILTERS_PLACEHOLDER}</Suspense>,
    [showFilters],
  );
  const add = (product: Product) => {
    addToCart(product);
    navigate(paths.cart);
  };
  return (
    <Page title={HOME_TITLE} description={HOME_DESCRIPTION}>
      {filters}
      <ProductGrid onAddToCart={add} view={catalogueView(search)} />
    </Page>
  );
}
