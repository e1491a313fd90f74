import type { MessageResponse, Session } from './identity.js';

/**
 * Two-factor sign-in for the shop's people (TOTP, RFC 6238, six digits every 30 seconds, plus ten single-use
 * recovery codes). A member who turned it on signs in in two steps: `POST /signin` with the right password answers
 * a {@link TwoFactorChallenge} instead of a session, and `POST /signin/two-factor` exchanges that challenge and a
 * code for the session. Enrolment: `POST /two-factor/enrol/{userId}` (a new secret and its QR code),
 * `POST /two-factor/confirm/{userId}` (the first code; answers the recovery codes, shown once),
 * `POST /two-factor/disable/{userId}` (the password and a code), `POST /two-factor/recovery-codes/{userId}` (a code
 * from the app; new recovery codes, the old ones void), `GET /two-factor/{userId}` (the state);
 * an owner resets someone else's with `DELETE /staff/{staffId}/two-factor/{userId}`.
 */

/** What `POST /signin` answers, instead of a session, for an account with two-factor sign-in on. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** Opaque, single use, valid {@link TWO_FACTOR_CHALLENGE_SECONDS} seconds, good for `POST /signin/two-factor` only. */
  challenge: string;
}

/** What `POST /signin` answers: a session, or the second step's challenge. */
export type SigninResponse = Session | TwoFactorChallenge;

export function isTwoFactorChallenge(response: SigninResponse): response is TwoFactorChallenge {
  return (response as Partial<TwoFactorChallenge>).twoFactorRequired === true;
}

/** The second step: the challenge and a code from the app, or one of the recovery codes. */
export interface TwoFactorSigninRequest {
  challenge: string;
  code: string;
}

/** A code from the authenticator app (enrolment's confirmation). */
export interface TwoFactorCodeRequest {
  code: string;
}

/** Turning two-factor sign-in off: the password and a code (from the app or a recovery code). */
export interface TwoFactorDisableRequest {
  password: string;
  code: string;
}

/** The signed-in member's two-factor state. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** The shop requires it of its people (ADMIN_2FA=required): until it is on, only these routes answer. */
  required: boolean;
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: number;
}

/** A new secret to add to an authenticator app; not on until confirmed by a first code. Never shown again after. */
export interface TwoFactorEnrolment {
  /** Base32, for typing in by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  otpauthUrl: string;
  /** The QR code, as a data: URL of a PNG image. */
  qrCode: string;
}

/**
 * Answered once, when two-factor sign-in is turned on or the codes are made anew: each code signs in once instead of
 * an app's code. Never shown again.
 */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}

/**
 * What turning two-factor sign-in on answers: the recovery codes and a new session for this browser. Every other
 * session of the member (other devices, and the token that asked) has ended.
 */
export interface TwoFactorEnabled extends TwoFactorRecoveryCodes {
  session: Session;
}

/** What turning two-factor sign-in off answers: a message and, as when it is turned on, this browser's new session. */
export interface TwoFactorDisabled extends MessageResponse {
  session: Session;
}

export const TWO_FACTOR_CHALLENGE_SECONDS = 300;
export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_WRONG_CODE = 'That code is not right, or it was used already; try the next one';
export const TWO_FACTOR_SIGNIN_EXPIRED = 'Your sign-in has expired; enter your password again';
export const TWO_FACTOR_ENROLMENT_REQUIRED = 'The shop requires two-factor sign-in for its staff: set it up to continue';
