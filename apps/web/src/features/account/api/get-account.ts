import { type Account, ApiRoute, apiPath } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall, currentAuth } from '@/lib/api-client';
import { saveSession, useSession } from '@/lib/session';

/** The root key of the account page's profile: a rename, a confirmed or moved address refreshes it. */
export const accountQueryKey = ['account'] as const;

/** The signed-in user's account: name, address, whether it is confirmed. */
export function getAccount(signal?: AbortSignal): Promise<Account> {
  return apiCall<Account>(apiPath(ApiRoute.account, { userId: currentAuth().userId }), { signedIn: true, signal });
}

export function accountQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...accountQueryKey, userId], queryFn: ({ signal }) => getAccount(signal) });
}

/**
 * The account, read while someone is signed in. An address moved through its link (opened here or on another device)
 * reaches the stored session when the account is next read, so every page shows the address the account has.
 */
export function useAccount() {
  const session = useSession();
  const query = useQuery({ ...accountQueryOptions(session?.user._id ?? ''), enabled: !!session });
  const email = query.data?.email;
  useEffect(() => {
    if (session && email && email !== session.user.email) saveSession({ ...session, user: { ...session.user, email } });
  }, [session, email]);
  return query;
}
