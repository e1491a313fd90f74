/** `test` is the offline gateway that follows Braintree's sandbox rules; `braintree` is the real one. */
export type PaymentGatewayName = 'braintree' | 'test';

export interface ClientTokenResponse {
  clientToken: string;
  gateway: PaymentGatewayName;
}

/** One cart line as the server needs it to price the cart itself. */
export interface CartLineRef {
  _id: string;
  count: number;
}

export interface PaymentInfo {
  paymentMethodNonce: string;
  /** The total the buyer saw, in dollars; the server refuses to charge if its own total differs. */
  amount: number;
  products: CartLineRef[];
}

export interface PaymentRequest {
  paymentInfo: PaymentInfo;
}

/** Header that makes a retried payment return the first answer instead of charging again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const ORDER_STATUSES = ['Received', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface PaymentResult {
  success: true;
  transaction: { id: string; amount: number; status: string };
  order: { _id: string; status: OrderStatus; amount: number };
}

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
}

export interface Order {
  _id: string;
  user: { _id: string; name: string };
  products: OrderLine[];
  amount: number;
  transactionId: string;
  status: OrderStatus;
  createdAt: string;
}

export interface OrderStatusUpdate {
  status: OrderStatus;
}
