import type { QueryClient } from '@tanstack/react-query';
import { prefetchProducts } from '@/api/products/list-products';
import { catalogueView } from './catalogue-view';
import { PRODUCT_PAGE_SIZE } from './components/product-grid';

/**
 * Starts reading the first page of the catalogue the home page at `search` shows, under the key its grid reads.
 * Called before React renders (main.tsx): the request then leaves as soon as the code has run, not after the first
 * render has been committed, and the first row's photos (the page's LCP) follow it sooner.
 */
export function prefetchCatalogue(queryClient: QueryClient, search: string): Promise<void> {
  return prefetchProducts(queryClient, catalogueView(search), PRODUCT_PAGE_SIZE);
}
