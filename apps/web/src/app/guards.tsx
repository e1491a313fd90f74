import { Role } from '@store/contract';
import type { Location } from 'react-router-dom';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isAdmin, useSession } from '@/lib/session';
import { homeForRole, paths } from '@/lib/paths';

/** What a guard hands to the sign-in page: where to go back to, and whether that place needs an admin. */
export interface SigninRedirectState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
  requiresAdmin: boolean;
}

function toSignin(location: Location, requiresAdmin: boolean) {
  const state: SigninRedirectState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
    requiresAdmin,
  };
  return <Navigate to={paths.signin} replace state={state} />;
}

/** Any signed-in user passes; others go to sign-in, carrying where they were going. */
export function RequireSignIn() {
  const session = useSession();
  const location = useLocation();
  return session ? <Outlet /> : toSignin(location, false);
}

/**
 * Only a session whose user has role 1 passes; others go to sign-in, carrying where they were going. A member the
 * shop requires to set up two-factor sign-in first (ADMIN_2FA=required) is sent to that page: the server answers
 * nothing else until they do.
 */
export function RequireAdmin() {
  const session = useSession();
  const location = useLocation();
  if (!isAdmin(session)) return toSignin(location, true);
  if (session?.twoFactorEnrolmentRequired && location.pathname.toLowerCase() !== paths.adminTwoFactor) {
    return <Navigate to={paths.adminTwoFactor} replace />;
  }
  return <Outlet />;
}

/** Where to go after sign-in: back where a guard stopped the user if they may go there, else their role's dashboard. */
export function afterSigninTarget(state: unknown, role: Role): string {
  const home = homeForRole(role);
  const redirect = state as Partial<SigninRedirectState> | null | undefined;
  const from = redirect?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return home;
  if (redirect?.requiresAdmin && role !== Role.Admin) return home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
