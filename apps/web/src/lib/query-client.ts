import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** How often a failed read is tried again: only when the server could not be reached or failed (5xx). */
const MAX_RETRIES = 2;

/** Whether a failed read is worth trying again: a 4xx answer will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return error instanceof ApiError ? error.status === 0 || error.status >= 500 : false;
}

/**
 * The app's server-state cache (tests make a fresh one each, with `retry: false`). Data stays fresh for 30 s, so going back to a screen (or re-rendering it) shows
 * what is cached instead of fetching again (the original refetched the catalogue on every render); writes
 * invalidate what they change (see query-keys.ts) so fresh data follows a change at once.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    // Every failed read is logged once, as the screens did before (they also show it).
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: options.retry === false ? false : shouldRetry },
      mutations: { retry: false },
    },
  });
}
