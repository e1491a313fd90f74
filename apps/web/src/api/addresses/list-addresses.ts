import { type AddressBook, ApiRoute, apiPath } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The root key of the address book: every change to it refreshes the account page and the checkout's picker. */
export const addressesQueryKey = ['addresses'] as const;

/** The signed-in user's address book: the default first. */
export function listAddresses(signal?: AbortSignal): Promise<AddressBook> {
  return apiCall<AddressBook>(apiPath(ApiRoute.addresses, { userId: currentAuth().userId }), { signedIn: true, signal });
}

export function addressesQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...addressesQueryKey, userId], queryFn: ({ signal }) => listAddresses(signal) });
}

/** Nothing is asked while nobody is signed in. */
export function useAddresses() {
  const userId = useSession()?.user._id;
  return useQuery({ ...addressesQueryOptions(userId ?? ''), enabled: !!userId });
}
