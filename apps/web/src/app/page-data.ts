import type { Category, Product } from '@store/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { seedCategories } from '@/api/categories/list-categories';
import { seedProduct } from '@/api/products/get-product';
import { type ProductListView, type ProductPage, seedProducts } from '@/api/products/list-products';
import { catalogueView } from '@/features/catalogue/catalogue-view';
import { PRODUCT_PAGE_SIZE } from '@/features/catalogue/components/product-grid';
import { paths } from '@/lib/paths';

/**
 * The data a server-rendered page is drawn from, and how it travels to the browser (docs/web.md, Server
 * rendering). The server (apps/api/src/web-app) reads it from the API's own caches, the page renders from it
 * under the very query keys the browser's hooks read, and the browser takes it over from the page's
 * `<script type="application/json">` before it hydrates, so its first render is the server's, byte for byte.
 */

/** The id of the `<script type="application/json">` that carries the dehydrated query cache. */
export const PAGE_DATA_ELEMENT_ID = 'store-page-data';

/**
 * What a public page needs from the catalogue: the home page's view of it, or one product. `notFound` is an address
 * no route has: the app's "Page not found", answered 404 (it needs the categories only, as every page does).
 */
export type PageNeeds =
  { page: 'home'; view: ProductListView; pageSize: number } | { page: 'product'; productId: string } | { page: 'notFound' };

/** What the server found for a page's needs: `product: null` is a product the shop does not have. */
export interface PageData {
  categories: Category[];
  products?: ProductPage;
  product?: Product | null;
}

/** The needs of the page at `pathname` + `search`, or undefined for a page the server does not render. */
export function pageNeeds(pathname: string, search: string): PageNeeds | undefined {
  if (matchPath({ path: paths.home, end: true }, pathname))
    return { page: 'home', view: catalogueView(search), pageSize: PRODUCT_PAGE_SIZE };
  const product = matchPath({ path: paths.product, end: true }, pathname);
  if (product?.params.productId) return { page: 'product', productId: product.params.productId };
  return undefined;
}

/** Puts what the server found into `queryClient` under the keys the page's hooks read. */
export function seedQueries(queryClient: QueryClient, needs: PageNeeds, data: PageData): void {
  seedCategories(queryClient, data.categories);
  if (needs.page === 'home' && data.products) seedProducts(queryClient, needs.view, needs.pageSize, data.products);
  if (needs.page === 'product') seedProduct(queryClient, needs.productId, data.product ?? null);
}
