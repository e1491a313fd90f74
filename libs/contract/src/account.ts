import type { AuditEntry } from './audit.js';
import type { Order } from './checkout.js';
import type { Role, StaffRole } from './identity.js';
import type { OrderReturn } from './returns.js';
import type { ShippingAddress } from './shipping.js';
import type { MyStockAlert } from './stock-alerts.js';

/** How long an e-mail verification link works, and how many one account gets an hour at most. */
export const EMAIL_VERIFICATION_HOURS = 24;
export const EMAIL_VERIFICATION_MAILS_PER_HOUR = 3;

/** The same answer whether a link was mailed or held back by the hourly limit. */
export const EMAIL_VERIFICATION_SENT = 'We have sent a link to confirm your e-mail address. It works for 24 hours.';
export const EMAIL_VERIFIED = 'Your e-mail address is confirmed.';
export const EMAIL_VERIFICATION_LINK_INVALID =
  'This link to confirm your e-mail address is not valid: it was used already or is older than 24 hours. Ask for a new one.';
export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';
/** The same answer whether or not the new address belongs to another account. */
export const EMAIL_CHANGE_REQUESTED =
  'We have sent a link to the new address. Your address changes when you open it; the link works for 24 hours.';
export const EMAIL_TAKEN = 'That address belongs to another account';
export const ACCOUNT_DELETED = 'Your account and its personal data are deleted, and you are signed out everywhere.';
export const ACCOUNT_DELETE_STAFF = "One of the shop's people cannot delete their account: an owner must remove you from the staff first";

/** The signed-in user's account as the account page shows it. */
export interface Account {
  _id: string;
  name: string;
  email: string;
  /** Whether the owner of the address has followed a link sent to it. */
  emailVerified: boolean;
  role: Role;
  staffRole?: StaffRole;
  /** ISO time the account was made. */
  createdAt: string;
}

/** Follows an e-mailed verification link (no session needed). */
export interface EmailVerification {
  token: string;
}

/** Asks to move the account to another address: a link goes to it, and the change happens when it is followed. */
export interface EmailChange {
  email: string;
  currentPassword: string;
}

/** Renames the signed-in user. */
export interface NameChange {
  name: string;
}

/** Deletes the signed-in user's account; the password confirms it is them. */
export interface AccountDeletion {
  password: string;
}

/** An address book holds at most this many addresses. */
export const ADDRESS_BOOK_MAX = 20;

/** One address of the address book. */
export interface SavedAddress {
  _id: string;
  shippingAddress: ShippingAddress;
  /** The one offered first at checkout; at most one address of a book is. */
  isDefault: boolean;
}

/** The answer of `GET /user/{userId}/addresses`: the default first, then oldest first. */
export interface AddressBook {
  addresses: SavedAddress[];
}

/** Adds an address, or replaces one; `isDefault: true` makes it the default (the previous default stops being one). */
export interface SaveAddress {
  shippingAddress: ShippingAddress;
  isDefault?: boolean;
}

/** "My data": everything the shop holds about the signed-in user, as one JSON download. */
export interface MyData {
  /** ISO time of the export. */
  exportedAt: string;
  profile: Account;
  addresses: SavedAddress[];
  /** Every paid order, newest first. */
  orders: Order[];
  /** The audit entries the user wrote: the shop's people's admin actions, a customer's return requests. */
  auditEntries: AuditEntry[];
  /** Their back-in-stock alerts (by account or by address), newest first. */
  stockAlerts: MyStockAlert[];
  /** The returns and exchanges of their orders, newest first. */
  returns: OrderReturn[];
}
