import { ApiRoute, apiPath, type PricingAdmin, type ShippingMethodInput } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Adds a shipping method to a zone (flat rate, optionally free over a subtotal). Answers the whole Pricing screen. */
export function createShippingMethod(input: ShippingMethodInput): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.shippingMethodCreate, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: input,
  });
}

/** Adds a shipping method to a zone (flat rate, optionally free over a subtotal). The screen (and any quote, at its next read) shows the new rules. */
export function useCreateShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShippingMethod,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
