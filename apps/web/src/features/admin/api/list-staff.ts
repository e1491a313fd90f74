import { ApiRoute, apiPath, type StaffList } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The root key of the people screen's reads: every change to the shop's people refreshes it. */
export const staffQueryKey = ['staff'] as const;

/** The shop's people and the invitations still open (owners only). */
export function listStaff(signal?: AbortSignal): Promise<StaffList> {
  return apiCall<StaffList>(apiPath(ApiRoute.staff, { userId: currentAuth().userId }), { signedIn: true, signal });
}

export function staffQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...staffQueryKey, userId], queryFn: ({ signal }) => listStaff(signal) });
}

export function useStaff() {
  return useQuery(staffQueryOptions(useSession()?.user._id ?? ''));
}
