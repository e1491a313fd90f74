import { ApiRoute, apiPath, type SaveAddress, type SavedAddress } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { addressesQueryKey } from './list-addresses';

/** Adds an address to the book, or (with `addressId`) replaces one; `isDefault` makes it the default. */
export function saveAddress({ addressId, ...request }: SaveAddress & { addressId?: string }): Promise<SavedAddress> {
  const userId = currentAuth().userId;
  return addressId
    ? apiCall<SavedAddress>(apiPath(ApiRoute.address, { userId, addressId }), { method: 'PUT', signedIn: true, json: request })
    : apiCall<SavedAddress>(apiPath(ApiRoute.addresses, { userId }), { method: 'POST', signedIn: true, json: request });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }) });
}
