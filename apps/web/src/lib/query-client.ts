import { type DehydratedState, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { readSession, subscribeToSession } from './session';

/** How often a failed read is tried again: only when the server could not be reached or failed (5xx). */
const MAX_RETRIES = 2;

/** Whether a failed read is worth trying again: a 4xx answer will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return error instanceof ApiError ? error.status === 0 || error.status >= 500 : false;
}

/**
 * The app's server-state cache (tests make a fresh one each, with `retry: false`). Data stays fresh for 30 s, so going back to a screen (or re-rendering it) shows
 * what is cached instead of fetching again (the original refetched the catalogue on every render); each write's
 * mutation hook (beside its call, in an `api/` folder) invalidates what it changes, so fresh data follows a change at once.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    // Every failed read is logged once, as the screens did before (they also show it).
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: options.retry === false ? false : shouldRetry },
      // A write is sent at once and its failure shown (the client's network error), never held back until the
      // browser says it is online again: a buyer pressing Buy must see what happened.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Signing out (here or in another tab) drops what was read and is no longer on screen, so nothing of the user's stays
 * in memory; a screen still open keeps its data until the guards send the user away. Returns the unsubscribe.
 */
export function forgetDataOnSignOut(client: QueryClient): () => void {
  return subscribeToSession(() => {
    if (!readSession()) client.removeQueries({ type: 'inactive' });
  });
}

/**
 * Takes over the query cache a server-rendered page carries (its `<script type="application/json">`, see
 * app/page-data.ts), if it has one. Its times are made "now": the server refreshes a page's HTML on every catalogue
 * change, so what it holds is as fresh as a read made now, and reading it again at once would only cost the
 * phone's CPU and bandwidth. A failure the server saw (a product that is not there) stays on screen as the server
 * rendered it: a query in error otherwise starts again as "loading" when its page mounts, and hydration would
 * not match.
 */
export function adoptServerState(client: QueryClient, element: HTMLElement | null): boolean {
  if (!element?.textContent) return false;
  const { queries } = JSON.parse(element.textContent) as DehydratedState;
  const now = Date.now();
  // What TanStack Query's hydrate() does for a fresh cache of settled queries, without the code for cases a page
  // never has (pending queries and their promises, a cache that holds newer data): its bytes are the home page's.
  for (const { queryKey, queryHash, queryType, state } of queries) {
    if (state.status === 'error') client.setQueryDefaults(queryKey, { retryOnMount: false });
    client.getQueryCache().build(client, { queryKey, queryHash, _type: queryType } as Parameters<QueryCache['build']>[1], {
      ...state,
      fetchStatus: 'idle',
      dataUpdatedAt: state.dataUpdatedAt && now,
      errorUpdatedAt: state.errorUpdatedAt && now,
    });
  }
  return true;
}
