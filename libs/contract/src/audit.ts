import type { StaffRole } from './identity.js';

/**
 * The audit trail: one entry per admin write (catalogue edits, stock and price changes, order status moves,
 * refunds), newest first. Listed by `GET /audit/{userId}` (admins only), keyset-paged with `after`.
 */
export const AUDIT_ACTIONS = [
  'category.create',
  'category.update',
  'category.delete',
  'product.create',
  'product.update',
  'product.delete',
  'order.status',
  'order.refund',
  'staff.invite',
  'staff.join',
  'staff.role',
  'staff.remove',
  'pricing.create',
  'pricing.update',
  'pricing.delete',
  'staff.two-factor-reset',
  'two-factor.enable',
  'two-factor.disable',
  'two-factor.recovery-codes',
  'return.request',
  'return.approve',
  'return.reject',
  'return.receive',
  'return.refund',
  'return.ship',
  'return.expire',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPES = [
  'category',
  'product',
  'order',
  'user',
  'invitation',
  'shipping-zone',
  'shipping-method',
  'tax-rate',
  'discount-code',
  'pricing',
  'return',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** One changed field: its value before and after the write (`null` for a field that did not exist). */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  _id: string;
  /** ISO time of the write (the time of its transaction). */
  at: string;
  /**
   * Who did it, as they were named at the time (the user may since have been renamed or deleted), with the staff
   * role they had then (absent for the system's own writes).
   */
  actor: { _id: string; name: string; email: string; staffRole?: StaffRole };
  action: AuditAction;
  entity: { type: AuditEntityType; _id: string };
  /** Only the fields the write changed. Money fields are in dollars, as on the wire. */
  changes: Record<string, AuditChange>;
}

/** The query of `GET /audit/{userId}`: all optional. */
export interface AuditQuery {
  /** Page size, 1..AUDIT_LIST_LIMIT_MAX (default AUDIT_LIST_LIMIT_DEFAULT). */
  limit?: number;
  /** The `X-Next-Cursor` of the previous page: continue after its last entry. */
  after?: string;
  /** Only entries about this entity (a product, category or order id). */
  entity?: string;
  /** Only entries written by this admin (a user id). */
  actor?: string;
}

export const AUDIT_LIST_LIMIT_DEFAULT = 50;
export const AUDIT_LIST_LIMIT_MAX = 200;
