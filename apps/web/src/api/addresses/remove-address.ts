import { ApiRoute, apiPath } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { addressesQueryKey } from './list-addresses';

/** Removes an address; when it was the default, the oldest one left becomes the default. */
export function removeAddress(addressId: string): Promise<void> {
  return apiCall<void>(apiPath(ApiRoute.address, { userId: currentAuth().userId, addressId }), { method: 'DELETE', signedIn: true });
}

export function useRemoveAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }) });
}
