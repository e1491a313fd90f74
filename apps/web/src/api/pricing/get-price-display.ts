import { ApiRoute, apiPath, type PriceDisplay } from '@store/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** How the shop's prices read (public): whether they include tax, for "incl. VAT" beside them (docs/pricing.md). */
export function getPriceDisplay(signal?: AbortSignal): Promise<PriceDisplay> {
  return apiCall<PriceDisplay>(apiPath(ApiRoute.priceDisplay, {}), { signal });
}

/** The shop's setting changes rarely: read once a few minutes, shared by every card and page. */
export function usePriceDisplay() {
  return useQuery({ queryKey: ['prices', 'display'], queryFn: ({ signal }) => getPriceDisplay(signal), staleTime: 5 * 60_000 });
}
