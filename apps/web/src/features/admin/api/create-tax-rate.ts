import { ApiRoute, apiPath, type PricingAdmin, type TaxRateInput } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Adds a tax rate for a country (or one of its regions). Answers the whole Pricing screen. */
export function createTaxRate(input: TaxRateInput): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.taxRateCreate, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: input,
  });
}

/** Adds a tax rate for a country (or one of its regions). The screen (and any quote, at its next read) shows the new rules. */
export function useCreateTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaxRate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
