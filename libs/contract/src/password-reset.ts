/*
 * Password reset and change: the requests and the messages both sides show. A module apart from identity.ts,
 * whose roles the home page's bundle takes, so that these texts load only with the pages that show them.
 */

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
