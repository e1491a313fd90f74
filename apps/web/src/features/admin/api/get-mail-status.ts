import { ApiRoute, apiPath, type MailStatus } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** Where the shop's mails go, the backlog, and the mails that failed (admins only). */
export function getMailStatus(signal?: AbortSignal): Promise<MailStatus> {
  return apiCall<MailStatus>(apiPath(ApiRoute.mailStatus, { userId: currentAuth().userId }), { signedIn: true, signal });
}

export const mailStatusQueryKey = ['mail', 'status'] as const;

export function mailStatusQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...mailStatusQueryKey, userId],
    queryFn: ({ signal }) => getMailStatus(signal),
  });
}

export function useMailStatus() {
  return useQuery(mailStatusQueryOptions(useSession()?.user._id ?? ''));
}
