import { ApiRoute, IDEMPOTENCY_KEY_HEADER, type PaymentInfo, type Session, type ShippingAddress } from '@store/contract';
import request from 'supertest';
import { api, type TestApp } from './test-app.js';

/** A shipping address with every field given (the API's tests and the Pact provider state use it). */
export const SHIPPING_ADDRESS: Required<ShippingAddress> = {
  name: 'Sam Shopper',
  line1: '1 Main Street',
  line2: 'Apt 4',
  city: 'Springfield',
  postalCode: '12345',
  country: 'US',
  phone: '+1 (555) 010-2030',
};

/** Checkout test data written straight to the tables (the Products module's admin routes are not under test here). */
export async function seedProduct(t: TestApp, input: { name: string; price: number; stock: number }): Promise<string> {
  const [category] = (await t.dataSource.query(
    `INSERT INTO categories (name) VALUES ($1) ON CONFLICT (lower(name)) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    ['Checkout Tests'],
  )) as { id: string }[];
  const [product] = (await t.dataSource.query(
    `INSERT INTO products (name, description, price_cents, stock, category_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.name, `${input.name} description`, Math.round(input.price * 100), input.stock, category.id],
  )) as { id: string }[];
  return product.id;
}

export async function stockOf(t: TestApp, productId: string): Promise<{ stock: number; sold: number }> {
  const [row] = (await t.dataSource.query(`SELECT stock, sold FROM products WHERE id = $1`, [productId])) as {
    stock: number;
    sold: number;
  }[];
  return row;
}

/** How many order rows (paid orders and failed attempts alike) each status has. */
export async function orderStatusCounts(t: TestApp): Promise<Record<string, number>> {
  const rows = (await t.dataSource.query(`SELECT status, count(*)::int AS n FROM orders GROUP BY status`)) as {
    status: string;
    n: number;
  }[];
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** POST /payment/braintree/{userId} as `session`, optionally with an Idempotency-Key. */
export function pay(t: TestApp, session: Session, paymentInfo: Partial<PaymentInfo> | Record<string, unknown>, key?: string): request.Test {
  const call = request(t.http)
    .post(api(ApiRoute.payment, { userId: session.user._id }))
    .set('Authorization', `Bearer ${session.token}`);
  if (key !== undefined) call.set(IDEMPOTENCY_KEY_HEADER, key);
  return call.send({ paymentInfo });
}

/** The ids a successful checkout answers with. */
export interface PaidOrder {
  orderId: string;
  transactionId: string;
}

/** Pays as `buyer` (the payment must succeed: 200) and answers the new order's id and its charge's transaction id. */
export async function paidOrder(t: TestApp, buyer: Session, paymentInfo: Partial<PaymentInfo>): Promise<PaidOrder> {
  const response = await pay(t, buyer, paymentInfo).expect(200);
  return { orderId: response.body.order._id as string, transactionId: response.body.transaction.id as string };
}

/** PUT /order/{orderId}/status/{userId} as `session`: an admin, or whoever the test expects to be refused. */
export function setOrderStatus(t: TestApp, session: Session, orderId: string, status: unknown): request.Test {
  return request(t.http)
    .put(api(ApiRoute.orderStatus, { orderId, userId: session.user._id }))
    .set('Authorization', `Bearer ${session.token}`)
    .send({ status });
}
