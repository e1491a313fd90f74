import { ApiRoute, apiPath, type PricingAdmin } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Deletes a shipping zone and its methods. Answers the whole Pricing screen. */
export function deleteShippingZone(zoneId: string): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.shippingZoneDelete, { zoneId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

/** Deletes a shipping zone and its methods. The screen (and any quote, at its next read) shows the new rules. */
export function useDeleteShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingZone,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
