import { ApiRoute, apiPath, type PricingAdmin, type DiscountCodeInput } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Adds a discount code. Answers the whole Pricing screen. */
export function createDiscountCode(input: DiscountCodeInput): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.discountCodeCreate, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: input,
  });
}

/** Adds a discount code. The screen (and any quote, at its next read) shows the new rules. */
export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscountCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
