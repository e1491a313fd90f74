import { ApiRoute, apiPath, type MessageResponse } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Resets another member's two-factor sign-in (owners only; a lost phone): they set it up again at their next sign-in. */
export function resetStaffTwoFactor(staffId: string): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.staffTwoFactorReset, { staffId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

export function useResetStaffTwoFactor() {
  return useMutation({ mutationFn: resetStaffTwoFactor });
}
