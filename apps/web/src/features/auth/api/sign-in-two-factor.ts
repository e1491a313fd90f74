import { ApiRoute, apiPath, type Session, type TwoFactorSigninRequest } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** The second step of a sign-in with two-factor on: the challenge the password step answered, and a code. */
export function signinTwoFactor(request: TwoFactorSigninRequest): Promise<Session> {
  return apiCall<Session>(apiPath(ApiRoute.signinTwoFactor, {}), { method: 'POST', json: request });
}

export function useSigninTwoFactor() {
  return useMutation({ mutationFn: signinTwoFactor });
}
