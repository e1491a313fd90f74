/** One e-mail as the outbox keeps it: plain text, rendered when its event happened (what was true then). */
export interface MailDraft {
  kind: MailKind;
  /** The order it is about; null for mails about an account. */
  orderId: string | null;
  recipient: string;
  subject: string;
  text: string;
  /** Tells apart several mails of one kind about one order (a shipment's id for each "shipped" mail); '' when absent. */
  dedupeKey?: string;
}

export type MailKind =
  | 'order-confirmation'
  | 'order-shipped'
  | 'shop-order-notice'
  | 'password-reset'
  | 'password-changed'
  | 'staff-invitation'
  | 'verify-email'
  | 'email-changed'
  | 'set-password'
  | ReturnMailKind
  | 'stock-alert-confirm'
  | 'back-in-stock';

/** One mail per step of a return or exchange (docs/returns.md). */
export type ReturnMailKind = `return-${'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'shipped' | 'expired'}`;
