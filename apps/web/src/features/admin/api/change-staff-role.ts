import { ApiRoute, apiPath, type ChangeStaffRoleRequest, type StaffMember, type StaffRole } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { staffQueryKey } from './list-staff';

/** Gives one of the staff another role (owners only; 409 when it would leave the shop without an owner). */
export function changeStaffRole(staffId: string, staffRole: StaffRole): Promise<StaffMember> {
  const body: ChangeStaffRoleRequest = { staffRole };
  return apiCall<StaffMember>(apiPath(ApiRoute.staffMember, { staffId, userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    json: body,
  });
}

/** Changes a role; the people list is read again. */
export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, staffRole }: { staffId: string; staffRole: StaffRole }) => changeStaffRole(staffId, staffRole),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
