import { ApiRoute, apiPath, type PricingAdmin } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The root key of the Pricing screen: every pricing write answers the whole screen and puts it here. */
export const pricingQueryKey = ['pricing'] as const;

/** The shop's tax setting, shipping zones and methods, tax rates and discount codes with their usage. */
export function getPricing(signal?: AbortSignal): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.pricingAdmin, { userId: currentAuth().userId }), { signedIn: true, signal });
}

export function pricingQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...pricingQueryKey, userId], queryFn: ({ signal }) => getPricing(signal) });
}

export function usePricing() {
  return useQuery(pricingQueryOptions(useSession()?.user._id ?? ''));
}
