import { ApiRoute, apiPath, type PricingAdmin } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Deletes a shipping method. Answers the whole Pricing screen. */
export function deleteShippingMethod(methodId: string): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.shippingMethodDelete, { methodId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

/** Deletes a shipping method. The screen (and any quote, at its next read) shows the new rules. */
export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingMethod,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
