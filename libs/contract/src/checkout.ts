import type { ProductSize } from './catalogue.js';
import type { ShippingAddress } from './shipping.js';
import type { Fulfilment, Shipment } from './dto/shipments.js';

/** `test` is the offline gateway that follows Braintree's sandbox rules; `braintree` is the real one. */
export type PaymentGatewayName = 'braintree' | 'test';

export interface ClientTokenResponse {
  clientToken: string;
  gateway: PaymentGatewayName;
}

/**
 * One cart line as the server needs it to price the cart itself: the product and, for a product with options, the
 * `variant` id (an optional extension; one product may come in several lines, one per variant). Older clients send
 * `size` instead: it picks the variant whose only option is Size with that value (see docs/api.md, "Variants",
 * for how long that is kept). A product with one variant needs neither.
 */
export interface CartLineRef {
  _id: string;
  count: number;
  variant?: number;
  size?: ProductSize;
}

export interface PaymentInfo {
  paymentMethodNonce: string;
  /** The total the buyer saw, in dollars; the server refuses to charge if its own total differs. */
  amount: number;
  products: CartLineRef[];
  /** Where the order ships (optional extension: the web app always sends it; a spec-only client may not). */
  shippingAddress?: ShippingAddress;
  /** The shipping method chosen from the quote (optional extension; required once the shop has shipping zones). */
  shippingMethod?: string;
  /** A discount code, any case (optional extension). */
  discountCode?: string;
  /** The tax region of the address, for tax rates by region (optional extension). */
  region?: string;
}

export interface PaymentRequest {
  paymentInfo: PaymentInfo;
}

/**
 * A guest's payment (no account, docs/payments.md "Guest checkout"): the signed-in payment's fields, the e-mail the
 * confirmation and its order link go to, and a required shipping address.
 */
export interface GuestPaymentInfo extends Omit<PaymentInfo, 'shippingAddress'> {
  email: string;
  shippingAddress: ShippingAddress;
}

export interface GuestPaymentRequest {
  paymentInfo: GuestPaymentInfo;
}

/** Header that makes a retried payment return the first answer instead of charging again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Longest accepted Idempotency-Key (printable ASCII; a UUID per purchase attempt is the intended use). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** Most entries a cart may send (the web cart holds one entry per "Add to Cart"). */
export const CART_MAX_LINES = 200;
/** Most units one cart entry may ask for. */
export const CART_LINE_MAX_COUNT = 1000;
/** Largest payment accepted, in dollars. */
export const PAYMENT_AMOUNT_MAX = 1_000_000;

/**
 * Card numbers the web app's test-card form offers when `gateway` is `test` (Braintree's sandbox Drop-in takes
 * the same numbers), and the Braintree test nonce each one is sent as. Amounts from 2000.00 to 2999.99 are
 * declined and 3000.00 to 3000.99 fail whatever the card, as in Braintree's sandbox.
 */
export const TEST_CARDS = [
  { number: '4111111111111111', brand: 'Visa', nonce: 'fake-valid-visa-nonce', outcome: 'approved' },
  { number: '5555555555554444', brand: 'Mastercard', nonce: 'fake-valid-mastercard-nonce', outcome: 'approved' },
  { number: '378282246310005', brand: 'American Express', nonce: 'fake-valid-amex-nonce', outcome: 'approved' },
  { number: '6011111111111117', brand: 'Discover', nonce: 'fake-valid-discover-nonce', outcome: 'approved' },
  { number: '4000111111111115', brand: 'Visa', nonce: 'fake-processor-declined-visa-nonce', outcome: 'declined' },
  { number: '5105105105105100', brand: 'Mastercard', nonce: 'fake-processor-declined-mastercard-nonce', outcome: 'declined' },
] as const;

export const ORDER_STATUSES = ['Received', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The status moves an admin may make: one step along Received -> Processing -> Shipped -> Delivered, or
 * Cancelled before the order ships (which returns its stock). Anything else is refused with 409.
 */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Received: ['Processing', 'Cancelled'],
  Processing: ['Shipped', 'Cancelled'],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

export interface PaymentResult {
  success: true;
  transaction: { id: string; amount: number; status: string };
  order: { _id: string; status: OrderStatus; amount: number };
}

/**
 * A guest's paid answer: `orderToken` opens the order's page (GUEST_ORDER_TOKEN_PARAM). Only the first answer has it:
 * the shop keeps the token's hash only, so an answer replayed for a retried Idempotency-Key comes without it (the
 * confirmation e-mail carries the link either way).
 */
export interface GuestPaymentResult extends PaymentResult {
  orderToken?: string;
}

/** A guest order as its link shows it: no buyer id, no payment ids. */
export type GuestOrder = Pick<
  Order,
  '_id' | 'number' | 'products' | 'amount' | 'status' | 'createdAt' | 'refund' | 'shippingAddress' | 'pricing' | 'shipments' | 'fulfilment'
>;

/** The query parameter of `GET /order/guest` that carries a guest order's token (a query string is never logged). */
export const GUEST_ORDER_TOKEN_PARAM = 'token';
/** Longest token accepted (the shop's are 43 characters of base64url). */
export const GUEST_ORDER_TOKEN_MAX = 128;

export interface PaymentDeclined {
  success: false;
  error: string;
  code: 'PAYMENT_DECLINED';
}

export interface OrderLine {
  /** The product id. */
  product: string;
  name: string;
  /** The unit price paid, in dollars. */
  price: number;
  count: number;
  /** The size bought, when the variant has a Size option whose value is a size (optional extension). */
  size?: ProductSize;
  /** The variant bought (optional extension): its id, SKU and values as people read them (`Blue / M`, '' for a default). */
  variant?: number;
  sku?: string;
  options?: string;
  /** Present once this line alone was refunded (a partial refund); the rest of the order stands. */
  refund?: OrderLineRefund;
  /** Dollars of discount this line got and of tax on it (optional extension: orders priced with docs/pricing.md). */
  discount?: number;
  tax?: number;
}

/** A single line's money returned to the card: `id` is the provider's credit transaction. */
export interface OrderLineRefund {
  id: string;
  /** Dollars returned: the line's price times its count. */
  amount: number;
  at: string;
}

/**
 * The body of `POST /order/{orderId}/refund/{userId}`: the product whose whole line is refunded, and for a line of a
 * product sold in sizes its `size` (400 without it when the order has that product in more than one size).
 */
export interface LineRefundRequest {
  product: string;
  size?: ProductSize;
  /** The variant of the line (optional extension): required when the order has the product in several variants and no size tells them apart. */
  variant?: number;
}

export interface Order {
  _id: string;
  /** The shop's order number (1, 2, 3...: what a buyer quotes and an admin searches by); an optional extension. */
  number?: number;
  user: { _id: string; name: string };
  products: OrderLine[];
  amount: number;
  transactionId: string;
  status: OrderStatus;
  createdAt: string;
  /** Present once the order was cancelled and its payment returned (an optional extension: older clients ignore it). */
  refund?: OrderRefund;
  /** Where the order ships, when the buyer gave an address (optional extension). */
  shippingAddress?: ShippingAddress;
  /** How `amount` was made up (optional extension): subtotal - discount + shipping (+ tax when added). */
  pricing?: OrderPricing;
  /** The parcels the order left in, oldest first (optional extension; present once one has left). */
  shipments?: Shipment[];
  /** How much of the order has left (optional extension, with `shipments`): a partly shipped order stays Processing. */
  fulfilment?: Fulfilment;
}

/** An order's price breakdown, as the quote it was paid at (dollars). */
export interface OrderPricing {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  pricesIncludeTax: boolean;
  taxes: Array<{ name: string; rate: number; amount: number }>;
  shippingMethod?: string;
  discountCode?: string;
  /** Present once the shipping was refunded on its own. */
  shippingRefund?: { id: string; amount: number; at: string };
}

/**
 * How a cancelled order's money went back: `void` when the charge had not settled yet (nothing reaches the
 * card statement), `refund` when it had (a credit). `id` is the provider's id for it: the voided transaction's
 * own id for a void, the new credit transaction's id for a refund.
 */
export const REFUND_KINDS = ['void', 'refund'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

export interface OrderRefund {
  id: string;
  /** Dollars returned. */
  amount: number;
  kind: RefundKind;
  /** ISO time the order was cancelled with this refund. */
  at: string;
}

/**
 * The order number people see on the confirmation page and in the e-mails: the shop's `#1042` (what an admin
 * searches by), or for an order without one the id's first 8 characters in capitals.
 */
export function orderNumber(order: Pick<Order, '_id' | 'number'>): string {
  return order.number !== undefined && order.number !== null ? `#${order.number}` : order._id.slice(0, 8).toUpperCase();
}

export interface OrderStatusUpdate {
  status: OrderStatus;
}

/** Order lists (optional extension): `limit` (1-100, default 50) and the `after` cursor of X-Next-Cursor, newest first. */
export const ORDER_PAGE_DEFAULT = 50;
export const ORDER_PAGE_MAX = 100;
/** Past this many matches a filtered order list's X-Total-Count stops counting and says so (X-Total-Count-Capped: true). */
export const ORDER_COUNT_CAP = 1_000;
/** The admin list's filters: `status`, `from`/`to` (dates, YYYY-MM-DD, UTC, inclusive) and `q` (an order number or a buyer e-mail). */
export const ORDER_LIST_QUERY_KEYS = ['limit', 'after', 'status', 'from', 'to', 'q'] as const;
/** A buyer's own order list takes paging only. */
export const ORDER_PAGE_QUERY_KEYS = ['limit', 'after'] as const;
export const ORDER_SEARCH_MAX = 254;

/** The admin dashboard's figures (GET /order/overview/{userId}); days are UTC. */
export interface SalesOverview {
  periods: SalesPeriod[];
  bestSellers: Array<{ _id: string; name: string; sold: number }>;
  /** The variants sold most (an optional extension): the product, the variant and its values. */
  bestVariants?: Array<{ _id: string; name: string; variant: number; sku: string; options: string; sold: number }>;
  /** Variants running low (active ones), each with its product; `variant` and `options` name the variant. */
  lowStock: Array<{ _id: string; name: string; stock: number; variant?: number; sku?: string; options?: string }>;
  /** Products at or below this stock are listed as low (LOW_STOCK_THRESHOLD). */
  lowStockThreshold: number;
}

export interface SalesPeriod {
  /** today, 7 days (today and the 6 before), 30 days. */
  period: 'today' | '7d' | '30d';
  /** Paid orders placed in the period, cancelled ones included. */
  orders: number;
  cancelled: number;
  /** Dollars: paid orders not cancelled, less refunded lines and shipping. */
  revenue: number;
  /**
   * The parts of that revenue (an optional extension, docs/pricing.md): dollars of discount given, shipping charged
   * and tax collected (added or included in prices), each less what refunds gave back.
   */
  discount?: number;
  shipping?: number;
  tax?: number;
}
