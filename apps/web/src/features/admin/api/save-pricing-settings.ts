import { ApiRoute, apiPath, type PricingAdmin, type PricingSettings } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Sets whether the shop's prices include tax. Answers the whole Pricing screen. */
export function savePricingSettings(input: PricingSettings): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.pricingSettings, { userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    json: input,
  });
}

/** Sets whether the shop's prices include tax. The screen (and any quote, at its next read) shows the new rules. */
export function useSavePricingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePricingSettings,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
