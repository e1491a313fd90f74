/**
 * 0 is a customer, 1 an admin (the numbers the browser client stores and compares). Every one of the shop's people
 * (owner, staff, read-only) is 1, so a client that knows only these numbers sends them all to the admin area; what
 * each may do there is their {@link StaffRole}.
 */
export const Role = { Customer: 0, Admin: 1 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/**
 * What one of the shop's people may do, checked by the server on every admin call:
 * - `owner`: everything (refunds and cancellations, the people of the shop);
 * - `staff`: the catalogue, stock, orders and their status moves, but no refund, no cancellation (it refunds), no people;
 * - `read-only`: sees the admin screens, changes nothing.
 * On the wire `role` stays 1 for all three (see {@link Role}); `staffRole` says which.
 */
export const StaffRole = { Owner: 'owner', Staff: 'staff', ReadOnly: 'read-only' } as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const STAFF_ROLES: readonly StaffRole[] = [StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly];

export interface User {
  _id: string;
  name: string;
  email: string;
  role: Role;
  /** Present for the shop's people (`role` 1) only; absent for customers. */
  staffRole?: StaffRole;
}

/** What sign-in answers and the browser keeps under the `jwt` storage key. */
export interface Session {
  token: string;
  user: User;
  /**
   * Present (true) when the shop requires two-factor sign-in of its people (ADMIN_2FA=required) and this member has
   * not set it up: the token reaches only the two-factor routes (and sign-out) until they do.
   */
  twoFactorEnrolmentRequired?: true;
}

export interface SignupRequest {
  name: string;
  email: string;
  password: string;
}

export interface SigninRequest {
  email: string;
  password: string;
}

export interface MessageResponse {
  message: string;
}

export const USER_NAME_MIN = 3;
export const USER_NAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
