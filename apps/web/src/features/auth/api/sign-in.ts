import { ApiRoute, apiPath, type Session, type SigninRequest } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Exchanges email and password for a session ({token, user}). */
export function signin(request: SigninRequest): Promise<Session> {
  return apiCall<Session>(apiPath(ApiRoute.signin, {}), { method: 'POST', json: request });
}

/** Signs in (the page keeps the session it answers: nothing cached changes before that). */
export function useSignin() {
  return useMutation({ mutationFn: signin });
}
