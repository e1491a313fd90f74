import { ApiRoute, apiPath, type Session, type SigninRequest } from '@store/contract';
import { apiCall } from '../../../lib/api-client';

/** Exchanges email and password for a session ({token, user}). */
export function signin(request: SigninRequest): Promise<Session> {
  return apiCall<Session>(apiPath(ApiRoute.signin, {}), { method: 'POST', json: request });
}
