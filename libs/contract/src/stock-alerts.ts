/**
 * Back-in-stock alerts: a shopper asks to hear when a sold-out variant is on sale again. Not signed in, they leave
 * an address and confirm it through a mailed link; signed in, the account's address is used and the alert is
 * confirmed at once. When the variant has stock again, every confirmed alert gets ONE mail, oldest first, and is
 * done. Every mail carries an unsubscribe link. See docs/api.md ("Back-in-stock alerts").
 */

/** How long a confirmation link works. */
export const STOCK_ALERT_CONFIRM_HOURS = 48;
/** Confirmation mails one address gets an hour at most (the form cannot flood a mailbox). */
export const STOCK_ALERT_MAILS_PER_HOUR = 5;

/** POST /stock-alerts: an address asks for an alert (not signed in). */
export interface StockAlertRequest {
  variantId: number;
  email: string;
}

/** POST /stock-alerts/user/:userId: the signed-in user asks for an alert (their account's address). */
export interface StockAlertSignedInRequest {
  variantId: number;
}

/** POST /stock-alerts/confirm and /stock-alerts/unsubscribe: the mailed link's token. */
export interface StockAlertToken {
  token: string;
}

/** What an alert is about, as the confirm and unsubscribe pages show it. */
export interface StockAlertAnswer {
  message: string;
  productId: string;
  productName: string;
  variantId: number;
  /** The variant's values as people read them (`Blue / M`; '' for a product without options). */
  variantLabel: string;
}

/**
 * One back-in-stock alert of a user, in their "my data" download: those their account asked for and those left with
 * their address when not signed in. The times say where it stands (confirmed, mailed, unsubscribed).
 */
export interface MyStockAlert {
  productId: string;
  productName: string;
  variantId: number;
  /** The variant's values as people read them (`Blue / M`; '' for a product without options). */
  variantLabel: string;
  email: string;
  createdAt: string;
  confirmedAt?: string;
  notifiedAt?: string;
  unsubscribedAt?: string;
}

/** One variant's waiting alerts (confirmed, not yet mailed), for the admin. */
export interface VariantWaiting {
  variantId: number;
  sku: string;
  label: string;
  stock: number;
  waiting: number;
}

/** GET /stock-alerts/product/:productId/:userId: every variant of a product and how many alerts wait on it. */
export interface ProductStockAlerts {
  productId: string;
  variants: VariantWaiting[];
  /** All of the product's waiting alerts. */
  waiting: number;
}

/** The answer to an address asking (the same whether or not it already had an alert, so nothing about it leaks). */
export const STOCK_ALERT_CHECK_INBOX = 'Check your inbox: open the link we sent to confirm the alert.';
export const STOCK_ALERT_SAVED = "We'll e-mail you once when it is back in stock.";
export const STOCK_ALERT_CONFIRMED = "Confirmed: we'll e-mail you once when it is back in stock.";
export const STOCK_ALERT_UNSUBSCRIBED = 'You will get no e-mail about this item.';
export const STOCK_ALERT_LINK_INVALID = 'This link is not valid or has expired.';
export const STOCK_ALERT_IN_STOCK = 'This item is in stock: add it to your cart.';
export const STOCK_ALERT_UNKNOWN_VARIANT = 'This item is not sold.';
