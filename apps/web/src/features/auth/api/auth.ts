import { ApiRoute, apiPath, type MessageResponse, type Session, type SigninRequest, type SignupRequest, type User } from '@store/contract';
import { apiCall } from '@/lib/api-client';

/** Exchanges email and password for a session ({token, user}). */
export function signin(request: SigninRequest): Promise<Session> {
  return apiCall<Session>(apiPath(ApiRoute.signin, {}), { method: 'POST', json: request });
}

/** Creates a customer account; the server answers the new user (never a session). */
export function signup(request: SignupRequest): Promise<User> {
  return apiCall<User>(apiPath(ApiRoute.signup, {}), { method: 'POST', json: request });
}

/** Tells the server to revoke the signed-in token, so a copy of it left anywhere stops working. */
export function signout(): Promise<MessageResponse> {
  return apiCall<MessageResponse>(apiPath(ApiRoute.signout, {}), { signedIn: true });
}
