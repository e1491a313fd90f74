import type { Role, StaffRole } from '@store/contract';

/** The signed-in user a request carries after the JWT guard: fresh from the database, not from the token. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** What one of the shop's people may do (the roles guard's input); null for a customer. */
  staffRole: StaffRole | null;
  /** Two-factor sign-in is on (see TwoFactorEnrolmentGuard). */
  twoFactorEnabled?: boolean;
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
