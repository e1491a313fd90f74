import { ApiRoute, apiPath, type SignupRequest, type User } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Creates a customer account; the server answers the new user (never a session). */
export function signup(request: SignupRequest): Promise<User> {
  return apiCall<User>(apiPath(ApiRoute.signup, {}), { method: 'POST', json: request });
}

/** Creates an account (no cached data shows accounts, so nothing is read again). */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
