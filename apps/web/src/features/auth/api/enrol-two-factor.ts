import { ApiRoute, apiPath, type TwoFactorEnrolment } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';

/** A new secret for the member's authenticator app, with its QR code; not on until a first code confirms it. */
export function enrolTwoFactor(): Promise<TwoFactorEnrolment> {
  return apiCall<TwoFactorEnrolment>(apiPath(ApiRoute.twoFactorEnrol, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
  });
}

export function useEnrolTwoFactor() {
  return useMutation({ mutationFn: enrolTwoFactor });
}
