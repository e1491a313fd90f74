import { ApiRoute, apiPath, type InviteStaffRequest, type StaffInvitation } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { staffQueryKey } from './list-staff';

/** Invites someone by e-mail (owners only): the server mails them a single-use link to set a password. */
export function inviteStaff(invitation: InviteStaffRequest): Promise<StaffInvitation> {
  return apiCall<StaffInvitation>(apiPath(ApiRoute.staffInvite, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: invitation,
  });
}

/** Sends an invitation; the list of open invitations is read again. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
