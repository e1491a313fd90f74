/** One e-mail as the outbox keeps it: plain text, rendered when its event happened (what was true then). */
export interface MailDraft {
  kind: MailKind;
  /** The order it is about; null for mails about an account. */
  orderId: string | null;
  recipient: string;
  subject: string;
  text: string;
}

export type MailKind =
  | 'order-confirmation'
  | 'shop-order-notice'
  | 'password-reset'
  | 'password-changed'
  | 'staff-invitation'
  | 'verify-email'
  | 'email-changed'
  | 'set-password'
  | ReturnMailKind;

/** One mail per step of a return or exchange (docs/returns.md). */
export type ReturnMailKind = `return-${'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'shipped' | 'expired'}`;
