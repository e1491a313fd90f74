import {
  ApiRoute,
  apiPath,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type Product,
  type ProductSortField,
  type ProductSortOrder,
} from '@store/contract';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Paged, type PagedList, pagedListQuery, type PagedListOptions, type PageRequest, usePagedList } from '@/lib/use-paged-list';
import { productsQueryKey } from './products-query-key';

/** The root of every product list's key (the catalogue grid's views and the admin list). */
const productListsKey = [...productsQueryKey, 'list'] as const;

/** Whether a query's key is one of the product lists' (the rest under productsQueryKey show one product or a cart). */
export const isProductListKey = (queryKey: QueryKey): boolean => queryKey[1] === productListsKey[1];

/** Which products a list shows and in what order: a sort, and the home page's search (`q`) and category. */
export interface ProductListView {
  sortBy: ProductSortField;
  order: ProductSortOrder;
  q?: string;
  category?: string;
  /** In stock in this colour / size (the API's `colour` and `size`). */
  colour?: string;
  size?: string;
}

/** The orders the product list can be read in: the catalogue shows the newest first, the admin list by name. */
export const PRODUCT_SORTS = {
  newest: { sortBy: 'createdAt', order: 'desc' },
  byName: { sortBy: 'name', order: 'asc' },
} as const satisfies Record<string, ProductListView>;

export interface ProductPage {
  products: Product[];
  total: number;
  /** The server stopped counting at `total` (a search with more matches): show it as "1000+". */
  capped: boolean;
}

/** One page of products with the server's total (X-Total-Count); the newest first unless `view` says otherwise. */
export async function listProducts(
  { view = PRODUCT_SORTS.newest, ...page }: PageRequest & { view?: ProductListView },
  signal?: AbortSignal,
): Promise<ProductPage> {
  const { data, headers } = await apiRequest<Product[]>(apiPath(ApiRoute.products, {}), {
    query: { limit: page.limit, offset: page.offset, after: page.after, ...view },
    signal,
  });
  const products = Array.isArray(data) ? data : [];
  const header = headers.get(TOTAL_COUNT_HEADER);
  return {
    products,
    total: header !== null && Number.isFinite(Number(header)) ? Number(header) : page.offset + products.length,
    capped: headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true',
  };
}

/** The paged list of products in `view`, `pageSize` at a time: the catalogue grid and the admin list alike. */
export function productListOptions(view: ProductListView, pageSize: number): PagedListOptions<Product> {
  return {
    queryKey: [...productListsKey, { ...view, pageSize }],
    pageSize,
    fetchPage: async (page, signal) => {
      const { products, total, capped } = await listProducts({ ...page, view }, signal);
      return { items: products, total, capped };
    },
  };
}

export function useProducts(view: ProductListView, pageSize: number): PagedList<Product> {
  return usePagedList(productListOptions(view, pageSize));
}

/**
 * Takes a deleted product out of every loaded list (one fewer in that list's total) and marks the lists stale without
 * reading them again now. Behind several API replicas a list read at once may be answered by a replica whose cache
 * has not yet heard of the delete (docs/performance.md, Staleness bound) and bring the row back; a list is read again
 * when it is next shown, past that bound.
 */
export function removeFromProductLists(queryClient: QueryClient, productId: string): Promise<void> {
  queryClient.setQueriesData<InfiniteData<Paged<Product>, PageRequest>>({ queryKey: productListsKey }, (data) => {
    if (!data?.pages.some((page) => page.items.some((item) => item._id === productId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item._id !== productId),
        total: Math.max(0, page.total - 1),
      })),
    };
  });
  return queryClient.invalidateQueries({ queryKey: productListsKey, refetchType: 'none' });
}

/** Starts reading the first page of a list before anything renders it, under the key its screen will read. */
export function prefetchProducts(queryClient: QueryClient, view: ProductListView, pageSize: number): Promise<void> {
  return queryClient.prefetchInfiniteQuery(pagedListQuery(productListOptions(view, pageSize)));
}

/** Puts the first page a server-rendered home page was drawn from where its grid finds it (app/page-data.ts). */
export function seedProducts(queryClient: QueryClient, view: ProductListView, pageSize: number, page: ProductPage): void {
  const list = pagedListQuery(productListOptions(view, pageSize));
  queryClient.setQueryData(list.queryKey, {
    pages: [{ items: page.products, total: page.total, capped: page.capped }],
    pageParams: [list.initialPageParam],
  });
}
