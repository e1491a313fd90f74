import { ApiRoute, type GuestQuoteRequest, type Quote } from '@store/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { quoteQueryKey } from './get-quote';

/**
 * A guest's quote (no account): the same price as a buyer's, and with `email` a code's uses per customer checked too.
 * A code or destination it cannot price rejects with a field-level 4xx (`details[0].field`).
 */
export function getGuestQuote(request: GuestQuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return apiCall<Quote>(ApiRoute.guestQuote, { method: 'POST', json: request, signal });
}

/** As {@link useQuote}, for a guest: cached per input under the quotes' key (a payment refreshes them). */
export function useGuestQuote(request: GuestQuoteRequest | null) {
  const queryClient = useQueryClient();
  const options = (input: GuestQuoteRequest | null) =>
    ({
      queryKey: [...quoteQueryKey, 'guest', input],
      queryFn: ({ signal }: { signal: AbortSignal }) => getGuestQuote(input!, signal),
      staleTime: 10_000,
      retry: false,
    }) as const;
  const query = useQuery({ ...options(request), enabled: request !== null, placeholderData: keepPreviousData });
  /** The quote of `input` (by default the one shown), waited for if still loading: Buy pays exactly that. */
  const settle = (input: GuestQuoteRequest = request!): Promise<Quote> => queryClient.fetchQuery(options(input));
  return { ...query, settle };
}
