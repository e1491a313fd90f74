import type { StaffRole } from './identity.js';

/**
 * The shop's people, managed by an owner: `GET /staff/{userId}` lists them and the invitations still open,
 * `POST /staff/invite/{userId}` invites someone by e-mail, `PUT /staff/{staffId}/{userId}` changes a role,
 * `DELETE /staff/{staffId}/{userId}` removes someone from the staff (their account stays, as a customer's).
 * The invitee follows the e-mailed link and sets a password with `POST /staff/accept` (no session needed).
 */
export interface StaffMember {
  _id: string;
  name: string;
  email: string;
  staffRole: StaffRole;
  /** Two-factor sign-in is on (confirmed by a first code); false while it is off or only being set up. */
  twoFactorEnabled: boolean;
}

/** An invitation not yet accepted, withdrawn or expired. The link itself is only ever in the e-mail. */
export interface StaffInvitation {
  _id: string;
  email: string;
  staffRole: StaffRole;
  /** ISO time after which the link no longer works. */
  expiresAt: string;
}

export interface StaffList {
  people: StaffMember[];
  invitations: StaffInvitation[];
}

export interface InviteStaffRequest {
  email: string;
  staffRole: StaffRole;
}

export interface ChangeStaffRoleRequest {
  staffRole: StaffRole;
}

/** The invitee's answer to an invitation: the token from the link, the name to be known by, a password. */
export interface AcceptInvitationRequest {
  token: string;
  name: string;
  password: string;
}

/** The token in an invitation link: 32 random bytes, base64url (43 characters). */
export const STAFF_INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
