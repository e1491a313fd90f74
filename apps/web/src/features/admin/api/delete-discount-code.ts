import { ApiRoute, apiPath, type PricingAdmin } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { pricingQueryKey } from './get-pricing';

/** Retires a discount code (the orders that used it keep it). Answers the whole Pricing screen. */
export function deleteDiscountCode(codeId: string): Promise<PricingAdmin> {
  return apiCall<PricingAdmin>(apiPath(ApiRoute.discountCodeDelete, { codeId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

/** Retires a discount code (the orders that used it keep it). The screen (and any quote, at its next read) shows the new rules. */
export function useDeleteDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscountCode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pricingQueryKey }),
  });
}
