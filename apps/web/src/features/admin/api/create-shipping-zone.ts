import { ApiRoute, apiPath, type PricingAdmin, type ShippingZoneInput } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Adds a shipping zone (a set of countries). Answers the whole Pricing screen. */
export function createShippingZone(input: ShippingZoneInput): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.shippingZoneCreate, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: input,
  });
}

/** Adds a shipping zone (a set of countries). The screen (and any quote, at its next read) shows the new rules. */
export function useCreateShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShippingZone,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
