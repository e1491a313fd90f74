import type { ProductSortField, ProductSortOrder } from '@store/contract';
import type { ProductListView } from '@/api/products/list-products';

/**
 * The home page's view as its URL query says, so that a link reproduces it and Back restores it: the API's own
 * parameter names (`q`, `category`, `colour`, `size`, `sortBy`, `order`), the newest first when no sort is given. Values go to the
 * API as they are; one a person mistyped into the URL comes back as the API's 400, shown where the grid would be.
 */
export function catalogueView(search: string): ProductListView {
  const params = new URLSearchParams(search);
  // `sort=price.asc`: what the filters' form sends when no script runs (its sort select's value); the links and
  // the scripted filters spell it `sortBy` and `order`, which win.
  const [sortField, sortOrder] = (params.get('sort') ?? '').split('.');
  return {
    sortBy: (params.get('sortBy') ?? (sortField || 'createdAt')) as ProductSortField,
    order: (params.get('order') ?? (sortOrder || 'desc')) as ProductSortOrder,
    q: params.get('q') || undefined,
    category: params.get('category') || undefined,
    ...(params.get('colour') ? { colour: params.get('colour')! } : {}),
    ...(params.get('size') ? { size: params.get('size')! } : {}),
  };
}
