import { ApiRoute, apiPath, type SigninRequest, type SigninResponse } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Exchanges email and password for a session ({token, user}), or, with two-factor on, a challenge for the second step. */
export function signin(request: SigninRequest): Promise<SigninResponse> {
  return apiCall<SigninResponse>(apiPath(ApiRoute.signin, {}), { method: 'POST', json: request });
}

/** Signs in (the page keeps the session it answers: nothing cached changes before that). */
export function useSignin() {
  return useMutation({ mutationFn: signin });
}
