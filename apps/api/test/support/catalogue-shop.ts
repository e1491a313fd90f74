import { ApiRoute, type Category, type Order, Role, type Session } from '@store/contract';
import request from 'supertest';
import { PaymentGateway } from '../../src/modules/payments/payment-gateway.js';
import type { TestGateway } from '../../src/modules/payments/test.gateway.js';
import { productCalls } from '../fixtures/product-requests.js';
import { pay } from './checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './test-app.js';

/** A shop under test for the catalogue's selling specs: what {@link catalogueShop} sets up and the calls they share. */
export interface CatalogueShop {
  t: TestApp;
  admin: Session;
  buyer: Session;
  /** The product calls, the admin ones as `admin`. */
  calls: ReturnType<typeof productCalls>;
  /** The category the spec's products go in. */
  category: Category;
  /** The offline test gateway (to settle a charge before a refund). */
  gateway: TestGateway;
  /** Checks out `products` as `session` through the test gateway's valid card. */
  buy(session: Session, amount: number, products: Array<Record<string, unknown>>): request.Test;
  /** An order of the buyer, as the confirmation page reads it. */
  orderOf(orderId: string): Promise<Order>;
  /** The admin cancels an order. */
  cancel(orderId: string): request.Test;
  /** The admin refunds one line of an order. */
  refundLine(orderId: string, body: Record<string, unknown>): request.Test;
}

/**
 * The set-up the catalogue's selling specs (sizes, variants) share: a Nest app on a fresh database, an admin and a
 * buyer signed in, and a category named `categoryName`. Call it at the top of a `describe`: the fields are there once
 * its `beforeAll` has run, and the app closes after the last test.
 */
export function catalogueShop(categoryName: string): CatalogueShop {
  const shop = {} as CatalogueShop;
  beforeAll(async () => {
    const t = await createTestApp();
    const [admin, buyer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t)]);
    const calls = productCalls(t, () => admin);
    const asAdmin = (test: request.Test) => test.set('Authorization', `Bearer ${admin.token}`);
    Object.assign(shop, {
      t,
      admin,
      buyer,
      calls,
      category: await calls.category(categoryName),
      gateway: t.app.get(PaymentGateway) as TestGateway,
      buy: (session: Session, amount: number, products: Array<Record<string, unknown>>) =>
        pay(t, session, { paymentMethodNonce: 'fake-valid-nonce', amount, products }),
      orderOf: async (orderId: string) =>
        (
          await request(t.http)
            .get(api(ApiRoute.order, { orderId, userId: buyer.user._id }))
            .set('Authorization', `Bearer ${buyer.token}`)
            .expect(200)
        ).body as Order,
      cancel: (orderId: string) =>
        asAdmin(request(t.http).put(api(ApiRoute.orderStatus, { orderId, userId: admin.user._id }))).send({ status: 'Cancelled' }),
      refundLine: (orderId: string, body: Record<string, unknown>) =>
        asAdmin(request(t.http).post(api(ApiRoute.orderLineRefund, { orderId, userId: admin.user._id }))).send(body),
    } satisfies CatalogueShop);
  });
  afterAll(() => shop.t?.close());
  return shop;
}
