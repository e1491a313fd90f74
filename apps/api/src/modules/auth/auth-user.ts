import type { Role } from '@store/contract';

/** The signed-in user a request carries after the JWT guard: fresh from the database, not from the token. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** The claims of the store's JWTs. */
export interface JwtPayload {
  sub: string;
  role: Role;
  jti: string;
  /** The user's session version when the token was signed; a token without one predates versions (0). */
  sv?: number;
  iat?: number;
  exp?: number;
}
