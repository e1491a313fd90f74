import type { ProductSize } from './catalogue.js';
import { ORDER_PAGE_DEFAULT, ORDER_PAGE_MAX } from './checkout.js';

/**
 * Returns and size exchanges (docs/returns.md, docs/api.md "Returns and exchanges"). A buyer asks, within the
 * return window counted from the payment, to send back some units of some lines of a shipped order: for their
 * money (`return`) or for another variant of the same product (`exchange`, reserved at once).
 */
export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_REASONS = ['too-small', 'too-big', 'not-as-pictured', 'damaged', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** What the web app shows for each reason. */
export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  'too-small': 'Too small',
  'too-big': 'Too big',
  'not-as-pictured': 'Not as pictured',
  damaged: 'Damaged',
  other: 'Other',
};

/**
 * requested -> approved | rejected; approved -> received; received -> refunded (a return) | shipped (an exchange);
 * an exchange not received by its `holdUntil` becomes expired (its reserved variant goes back on sale).
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded', 'shipped', 'expired'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_NOTE_MAX_LENGTH = 500;
export const RETURN_LINES_MAX = 50;
/**
 * The admin's list of returns (`GET /returns/all/{userId}`) pages as the admin's order list does: `limit` (1 to
 * RETURN_PAGE_MAX, default RETURN_PAGE_DEFAULT) and the `after` cursor of the page before (its X-Next-Cursor), newest
 * first, with X-Total-Count; `status` filters. Any other parameter is refused.
 */
export const RETURN_PAGE_DEFAULT = ORDER_PAGE_DEFAULT;
export const RETURN_PAGE_MAX = ORDER_PAGE_MAX;
export const RETURN_LIST_QUERY_KEYS = ['limit', 'after', 'status'] as const;
export const RETURN_CARRIER_MAX_LENGTH = 64;
export const RETURN_TRACKING_MAX_LENGTH = 64;

/** One line of a request: units of the order's line of `variant`; for an exchange, the variant wanted instead. */
export interface ReturnLineRequest {
  variant: number;
  quantity: number;
  exchangeVariant?: number;
}

/** `POST /order/{orderId}/returns/{userId}`. */
export interface ReturnRequest {
  kind: ReturnKind;
  reason: ReturnReason;
  note?: string;
  lines: ReturnLineRequest[];
}

/**
 * `POST /order/guest/returns`: a guest's request about their order, authorised by the token of its e-mailed link
 * (never the order's id), carried in the body so it sits in no URL.
 */
export interface GuestReturnRequest extends ReturnRequest {
  token: string;
}

export interface ReturnLine {
  product: string;
  name: string;
  variant: number;
  /** The variant's values as bought (`Blue / M`), when it has any. */
  options?: string;
  size?: ProductSize;
  quantity: number;
  exchangeVariant?: number;
  exchangeOptions?: string;
  /** Dollars this line gave back, once the return is refunded. */
  refund?: number;
}

export interface OrderReturn {
  _id: string;
  order: { _id: string; number: number };
  user: { _id: string; name: string };
  kind: ReturnKind;
  reason: ReturnReason;
  note: string;
  status: ReturnStatus;
  lines: ReturnLine[];
  /** An exchange's reserved variant is released when the return is not received by then (ISO time). */
  holdUntil?: string;
  /** Once received: back on sale (true) or written off (false). */
  restocked?: boolean;
  refund?: { id: string; amount: number; at: string };
  shipment?: { carrier: string; tracking: string; at: string };
  createdAt: string;
}

/** `POST /return/{returnId}/receive/{userId}`: the returned items go back on sale or are written off. */
export interface ReturnReceipt {
  restock: boolean;
}

/** `POST /return/{returnId}/ship/{userId}`: the exchange's new variant went out. */
export interface ExchangeShipment {
  carrier: string;
  tracking: string;
}

/** The exact texts of the fit note (docs/returns.md, "The fit loop"). */
export const FIT_NOTES = {
  small: 'Runs small: most exchanges went up a size',
  large: 'Runs large: most exchanges went down a size',
  true: 'True to size',
} as const;
export type FitNote = (typeof FIT_NOTES)[keyof typeof FIT_NOTES];
/** Fit-related returns and exchanges a product needs before it gets a note. */
export const FIT_SIGNAL_MIN = 5;

/** `GET /product/fit/{productId}`: the product's fit note (null below FIT_SIGNAL_MIN) and what it is made of. */
export interface ProductFit {
  product: string;
  note: FitNote | null;
  /** Fit-related returns and exchanges (reason too small / too big, or an exchange to another size). */
  fitRelated: number;
  /** Of them, those saying it runs small (went up a size, or too small), and large. */
  small: number;
  large: number;
}

/** One variant's reorder suggestion (`GET /returns/reorder/{userId}?days=N`). */
export interface ReorderSuggestion {
  product: string;
  name: string;
  variant: number;
  sku: string;
  options: string;
  stock: number;
  /** Units sold in the last REORDER_HISTORY_DAYS days. */
  sold: number;
  /** Exchanges into this variant, and out of it, in the same days. */
  exchangesIn: number;
  exchangesOut: number;
  /** Shoppers waiting for it to come back (0 until back-in-stock requests are counted). */
  waiting: number;
  /** How many to reorder to cover the next `days`. */
  reorder: number;
}

export const REORDER_HISTORY_DAYS = 30;
export const REORDER_DAYS_DEFAULT = 30;
export const REORDER_DAYS_MAX = 365;
