import { Role, type Session, STAFF_ROLES, StaffRole, type User } from '@store/contract';
import { storedValue, useStoredValue } from './stored-value';

/** The storage key the spec fixes for the signed-in session ({token, user}). */
export const SESSION_STORAGE_KEY = 'jwt';

function parseSession(raw: unknown): Session | null {
  if (!raw || typeof raw !== 'object') return null;
  const { token, user, twoFactorEnrolmentRequired } = raw as Partial<Session>;
  if (typeof token !== 'string' || !token || !user || typeof user !== 'object' || typeof user._id !== 'string') return null;
  const role = user.role === 1 ? 1 : 0;
  const kept: Session['user'] = { _id: user._id, name: String(user.name ?? ''), email: String(user.email ?? ''), role };
  // The staff role only of an admin, and only one the app knows (what the admin screens offer depends on it).
  if (role === 1 && STAFF_ROLES.includes(user.staffRole as StaffRole)) kept.staffRole = user.staffRole;
  // Kept so a reload still opens the two-factor set-up page first (the server would refuse the others anyway).
  return twoFactorEnrolmentRequired === true ? { token, user: kept, twoFactorEnrolmentRequired } : { token, user: kept };
}

const sessionStore = storedValue<Session | null>(SESSION_STORAGE_KEY, parseSession);

export const readSession = (): Session | null => sessionStore.get();
export const saveSession = (session: Session): void => sessionStore.set(session);
export const clearSession = (): void => sessionStore.clear();
export const subscribeToSession = (listener: () => void): (() => void) => sessionStore.subscribe(listener);

/** Who is calling: admin and payment routes carry the user's id in the path and the token in the header. */
export interface Auth {
  userId: string;
  token: string;
}

/** What admin and payment calls need from the session (the api client reads it; screens never pass it). */
export function authOf(session: Session): Auth {
  return { userId: session.user._id, token: session.token };
}

/** The current session (or null), re-rendering when it changes in this tab or another. */
export function useSession(): Session | null {
  return useStoredValue(sessionStore);
}

export function isAdmin(session: Session | null): boolean {
  return session?.user.role === Role.Admin;
}

/**
 * What an admin may do, for what the screens offer (the server decides, whatever they show): their `staffRole`,
 * or `owner` for a session stored before staff roles existed, when every admin was one.
 */
export function staffPermissions(user: User | undefined) {
  const staffRole: StaffRole | undefined = user?.role === Role.Admin ? (user.staffRole ?? StaffRole.Owner) : undefined;
  return {
    staffRole,
    /** Refunds, cancellations and the shop's people: owners only. */
    isOwner: staffRole === StaffRole.Owner,
    /** Catalogue, stock and order status moves: owners and staff, not read-only. */
    canEdit: staffRole === StaffRole.Owner || staffRole === StaffRole.Staff,
  };
}

/** {@link staffPermissions} of the signed-in user. */
export function useStaffPermissions() {
  return staffPermissions(useSession()?.user);
}

/** The session on a screen behind a sign-in guard, where its absence would be a routing bug. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (!session) throw new Error('This screen needs a signed-in session; is it behind a guard?');
  return session;
}
