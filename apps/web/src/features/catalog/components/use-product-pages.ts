import type { Product } from '@store/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { listProducts } from '../api/products';

export const PRODUCT_PAGE_SIZE = 12;

interface State {
  products: Product[];
  total: number;
  /** The first page is on its way (the spinner shows). */
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
}

/**
 * The catalogue, fetched once when the screen mounts (not on every render), one page at a time:
 * `loadMore` appends the next page while the server says more remain.
 */
export function useProductPages(pageSize = PRODUCT_PAGE_SIZE) {
  const [state, setState] = useState<State>({ products: [], total: 0, loading: true, loadingMore: false, error: null });
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);

  const fetchPage = useCallback(
    async (offset: number) => {
      if (busy.current) return;
      busy.current = true;
      const abort = new AbortController();
      controller.current = abort;
      if (offset > 0) setState((s) => ({ ...s, loadingMore: true, error: null }));
      try {
        const page = await listProducts({ limit: pageSize, offset }, abort.signal);
        setState((s) => ({
          products: offset === 0 ? page.products : [...s.products, ...page.products],
          total: page.total,
          loading: false,
          loadingMore: false,
          error: null,
        }));
      } catch (error) {
        if (abort.signal.aborted) return;
        console.error(error);
        setState((s) => ({ ...s, loading: false, loadingMore: false, error: errorMessage(error) }));
      } finally {
        if (controller.current === abort) busy.current = false;
      }
    },
    [pageSize],
  );

  useEffect(() => {
    void fetchPage(0);
    return () => {
      controller.current?.abort();
      busy.current = false;
    };
  }, [fetchPage]);

  const hasMore = state.products.length < state.total;
  const loadMore = useCallback(() => {
    if (hasMore) void fetchPage(state.products.length);
  }, [fetchPage, hasMore, state.products.length]);

  return { ...state, hasMore, loadMore };
}
