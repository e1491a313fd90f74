/** 0 is a customer, 1 an admin (the numbers the browser client stores and compares). */
export const Role = { Customer: 0, Admin: 1 } as const;
export type Role = (typeof Role)[keyof typeof Role];

export interface User {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

/** What sign-in answers and the browser keeps under the `jwt` storage key. */
export interface Session {
  token: string;
  user: User;
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

/** Asks for a password reset link by e-mail. */
export interface PasswordResetRequest {
  email: string;
}

/** Sets a new password with the token of a reset link. */
export interface PasswordResetConfirmation {
  token: string;
  password: string;
}

/** Changes the signed-in user's password. */
export interface PasswordChange {
  currentPassword: string;
  password: string;
}

/** How long a reset link works, and how many reset mails one address gets an hour at most. */
export const PASSWORD_RESET_MINUTES = 30;
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;

/** The same answer whether or not an account has the address, so the form tells nobody who shops here. */
export const PASSWORD_RESET_REQUESTED =
  'If an account uses that e-mail address, we have sent it a link to choose a new password. The link works for 30 minutes.';
export const PASSWORD_RESET_DONE = 'Your password has been changed, and every session you had has ended. Sign in with your new password.';
export const PASSWORD_RESET_LINK_INVALID =
  'This link to reset your password is not valid: it was used already or is older than 30 minutes. Ask for a new one.';
