import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from './api-client';

/** Which page to read: `limit` items from `offset`, or after the server's opaque cursor when it gave one. */
export interface PageRequest {
  limit: number;
  offset: number;
  after?: string;
}

/** One page as the API functions return it; `total` comes from the X-Total-Count header. */
export interface Paged<T> {
  items: T[];
  total: number;
  /** The server stopped counting at its cap (X-Total-Count-Capped): there are at least `total`. */
  capped?: boolean;
  /** The server's cursor for the next page, when it pages by cursor. */
  after?: string;
}

export interface PagedListOptions<T> {
  queryKey: QueryKey;
  pageSize: number;
  fetchPage: (page: PageRequest, signal: AbortSignal) => Promise<Paged<T>>;
  /** The list pages by cursor only (orders): a page without `after` is the last, whatever the total says. */
  byCursor?: boolean;
}

export interface PagedList<T> {
  items: T[];
  /**
   * The first page's items alone: what a server-rendered page was drawn from. A part of the page that hydrates late
   * (a lazy chunk) must render from these, as the server did, even when the shopper has loaded more pages by then.
   */
  firstPage: T[];
  total: number;
  /** The latest page's total is a lower bound (the server's count stopped at its cap). */
  capped: boolean;
  /** The first page is on its way. */
  loading: boolean;
  loadingMore: boolean;
  /** The last failure's text (already logged); the loaded items stay. */
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * The TanStack Query options of a paged list: what {@link usePagedList} reads, and what a prefetch of its first
 * page (the home page's, before React renders) must use to be found under the same key.
 */
export function pagedListQuery<T>({ queryKey, pageSize, fetchPage, byCursor = false }: PagedListOptions<T>) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: { limit: pageSize, offset: 0 } as PageRequest,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    getNextPageParam: (last: Paged<T>, pages: Paged<T>[]): PageRequest | undefined => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      if (loaded >= last.total || last.items.length === 0 || (byCursor && !last.after)) return undefined;
      return last.after ? { limit: pageSize, offset: loaded, after: last.after } : { limit: pageSize, offset: loaded };
    },
  });
}

/**
 * The one paging helper of the web app (the catalogue grid, the admin products list, later orders): pages are
 * cached under `queryKey` and `loadMore` appends the next one while the server's total says more remain.
 */
export function usePagedList<T>(options: PagedListOptions<T>): PagedList<T> {
  const query = useInfiniteQuery(pagedListQuery(options));
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage, isPending } = query;
  // One object per state (not per render), so a screen can hand it to useDeferredValue (the catalogue grid does).
  return useMemo(() => {
    const loadMore = () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    };
    const last = data?.pages.at(-1);
    return {
      items: data?.pages.flatMap((page) => page.items) ?? [],
      firstPage: data?.pages[0]?.items ?? [],
      total: last?.total ?? 0,
      capped: last?.capped ?? false,
      loading: isPending && !error,
      loadingMore: isFetchingNextPage,
      error: error ? errorMessage(error) : null,
      hasMore: !!hasNextPage,
      loadMore,
    };
  }, [data, error, hasNextPage, isFetchingNextPage, fetchNextPage, isPending]);
}
