import { type Account, ApiRoute, apiPath } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The root key of the account page's profile: a rename, a confirmed or moved address refreshes it. */
export const accountQueryKey = ['account'] as const;

/** The signed-in user's account: name, address, whether it is confirmed. */
export function getAccount(signal?: AbortSignal): Promise<Account> {
  return apiCall<Account>(apiPath(ApiRoute.account, { userId: currentAuth().userId }), { signedIn: true, signal });
}

export function accountQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...accountQueryKey, userId], queryFn: ({ signal }) => getAccount(signal) });
}

export function useAccount() {
  const userId = useSession()?.user._id;
  return useQuery({ ...accountQueryOptions(userId ?? ''), enabled: !!userId });
}
