import { ApiRoute, apiPath, type PricingAdmin } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Deletes a tax rate. Answers the whole Pricing screen. */
export function deleteTaxRate(rateId: string): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.taxRateDelete, { rateId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

/** Deletes a tax rate. The screen (and any quote, at its next read) shows the new rules. */
export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxRate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
