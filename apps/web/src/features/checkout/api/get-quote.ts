import { ApiRoute, apiPath, type Quote, type QuoteRequest } from '@store/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** The root key of quotes: a payment refused with a new price refreshes them. */
export const quoteQueryKey = ['quote'] as const;

/**
 * The server's price of the cart for a destination, shipping method and discount code (a POST with no side effects).
 * A code or destination it cannot price rejects with a field-level 4xx (`details[0].field`).
 */
export function getQuote(request: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return apiCall<Quote>(apiPath(ApiRoute.quote, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: request,
    signal,
  });
}

/**
 * The quote of `request` (null: none yet, e.g. signed out), cached per input: going back to a country or method
 * already seen shows its quote at once. The last quote stays shown while the next one loads. `settle()` answers the
 * quote of `request` itself, waiting for it if it is still loading (Buy pays exactly that; it rejects as the quote
 * does).
 */
export function useQuote(request: QuoteRequest | null) {
  const queryClient = useQueryClient();
  const options = {
    queryKey: [...quoteQueryKey, request],
    queryFn: ({ signal }: { signal: AbortSignal }) => getQuote(request!, signal),
    staleTime: 10_000,
    retry: false,
  } as const;
  const query = useQuery({ ...options, enabled: request !== null, placeholderData: keepPreviousData });
  const settle = (): Promise<Quote> => queryClient.fetchQuery(options);
  return { ...query, settle };
}
