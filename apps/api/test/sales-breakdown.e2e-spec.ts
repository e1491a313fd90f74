import { ApiRoute, type OrderReturn, type PricingAdmin, type Quote, Role, type SalesPeriod, type Session } from '@store/contract';
import request from 'supertest';
import { SalesBreakdown1764000910000 } from '../src/database/migrations/1764000910000-sales-breakdown.js';
import { ShippingRefund1764000900000 } from '../src/database/migrations/1764000900000-shipping-refund.js';
import { ReturnRefundRollups1764002000000 } from '../src/database/migrations/1764002000000-return-refund-rollups.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { TestGateway } from '../src/modules/payments/test.gateway.js';
import { paidOrder, SHIPPING_ADDRESS, seedProduct, setOrderStatus } from './support/checkout-fixtures.js';
import { inMigrationTransaction } from './support/test-database.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * The sales overview split by discount, shipping and tax (docs/pricing.md, "The sales overview"), kept by the daily
 * rollup's triggers through checkouts, line, shipping and return refunds and cancels, and the migrations' down/up.
 */
describe('sales overview by discount, shipping and tax (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  let tee: string;
  let cap: string;
  let standard: string;

  beforeAll(async () => {
    t = await createTestApp({ pricingRulesCacheSeconds: 0 });
    [admin, buyer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t)]);
    tee = await seedProduct(t, { name: 'Split Tee', price: 20, stock: 100 });
    cap = await seedProduct(t, { name: 'Split Cap', price: 10, stock: 100 });
    const post = (route: string, body: object) =>
      request(t.http)
        .post(api(route, { userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .send(body)
        .expect(201);
    const zones = (await post(ApiRoute.shippingZoneCreate, { name: 'US', countries: ['US'] })).body as PricingAdmin;
    const screen = (await post(ApiRoute.shippingMethodCreate, { zone: zones.zones[0]._id, name: 'Standard', price: 5 }))
      .body as PricingAdmin;
    standard = screen.zones[0].methods[0]._id;
    await post(ApiRoute.taxRateCreate, { country: 'US', name: 'Sales tax', rate: 10 });
    await post(ApiRoute.discountCodeCreate, { code: 'TEN', kind: 'percentage', value: 10 });
  });
  afterAll(() => t.close());

  const adminPost = (route: string, params: Record<string, string>, body: object = {}) =>
    request(t.http)
      .post(api(route, { ...params, userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send(body);

  /** Quotes the cart and pays that total; the order's id, its charge settled (partial refunds need that). */
  async function buy(products: Array<{ _id: string; count: number }>, discountCode?: string): Promise<string> {
    const body = { products, destination: { country: 'US' }, shippingMethod: standard, ...(discountCode ? { discountCode } : {}) };
    const quote = (
      await request(t.http)
        .post(api(ApiRoute.quote, { userId: buyer.user._id }))
        .set('Authorization', `Bearer ${buyer.token}`)
        .send(body)
        .expect(200)
    ).body as Quote;
    const { orderId, transactionId } = await paidOrder(t, buyer, {
      paymentMethodNonce: 'fake-valid-nonce',
      products,
      shippingAddress: SHIPPING_ADDRESS,
      shippingMethod: standard,
      ...(discountCode ? { discountCode } : {}),
      amount: quote.total,
    });
    (t.app.get(PaymentGateway) as TestGateway).settle(transactionId);
    return orderId;
  }

  async function today(): Promise<SalesPeriod> {
    const answer = await request(t.http)
      .get(api(ApiRoute.ordersOverview, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    return (answer.body as { periods: SalesPeriod[] }).periods[0];
  }

  /**
   * Today's split as the rollup has it and as the orders themselves add up (paid, not cancelled, less refunds: a
   * return's units their share of the line's discount and tax, the line's part x units / count, half up).
   */
  async function rollupAndTruth(): Promise<{ rollup: unknown; truth: unknown }> {
    const [rollup] = (await t.dataSource.query(`
      SELECT sum(revenue_cents)::int AS revenue, sum(discount_cents)::int AS discount, sum(shipping_cents)::int AS shipping,
             sum(tax_cents)::int AS tax
      FROM order_daily_totals`)) as unknown[];
    const [truth] = (await t.dataSource.query(`
      SELECT sum(o.amount_cents - l.refunded - coalesce(o.shipping_refund_cents, 0))::int AS revenue,
             sum(coalesce(o.discount_cents, 0) - l.discount)::int AS discount,
             sum(coalesce(o.shipping_cents, 0) - coalesce(o.shipping_refund_cents, 0))::int AS shipping,
             sum(coalesce(o.tax_cents, 0) - l.tax)::int AS tax
      FROM orders o CROSS JOIN LATERAL (
        SELECT coalesce(sum(coalesce(refund_cents, 0) + return_refund_cents), 0) AS refunded,
               coalesce(sum(CASE WHEN refund_cents IS NULL THEN round(discount_cents::numeric * return_refunded_count / count) ELSE discount_cents END), 0) AS discount,
               coalesce(sum(CASE WHEN refund_cents IS NULL THEN round(tax_cents::numeric * return_refunded_count / count) ELSE tax_cents END), 0) AS tax
        FROM order_lines WHERE order_id = o.id) l
      WHERE o.status NOT IN ('Pending', 'Failed', 'Cancelled')`)) as unknown[];
    return { rollup, truth };
  }

  it('splits the revenue into discount, shipping and tax, less what refunds and cancels gave back', async () => {
    // 2 tees + a cap with TEN: 50.00 - 5.00 + 5.00 shipping + 4.50 tax (3.60 on 36.00, 0.90 on 9.00) = 54.50.
    const withCode = await buy(
      [
        { _id: tee, count: 2 },
        { _id: cap, count: 1 },
      ],
      'TEN',
    );
    // A cap: 10.00 + 5.00 + 1.00 = 16.00.
    const capOnly = await buy([{ _id: cap, count: 1 }]);
    // A tee, cancelled: 20.00 + 5.00 + 2.00 = 27.00, all given back.
    const cancelled = await buy([{ _id: tee, count: 1 }]);
    expect(await today()).toMatchObject({ orders: 3, cancelled: 0, revenue: 97.5, discount: 5, shipping: 15, tax: 7.5 });

    await setOrderStatus(t, admin, cancelled, 'Cancelled').expect(200);
    expect(await today()).toMatchObject({ orders: 3, cancelled: 1, revenue: 70.5, discount: 5, shipping: 10, tax: 5.5 });

    // The cap's line of the first order: 10.00 - 1.00 discount + 0.90 tax = 9.90, its discount and tax with it.
    await adminPost(ApiRoute.orderLineRefund, { orderId: withCode }, { product: cap }).expect(200);
    expect(await today()).toMatchObject({ revenue: 60.6, discount: 4, shipping: 10, tax: 4.6 });

    // The second order's shipping on its own.
    await adminPost(ApiRoute.orderShippingRefund, { orderId: capOnly }).expect(200);
    expect(await today()).toMatchObject({ revenue: 55.6, discount: 4, shipping: 5, tax: 4.6 });

    // Cancelling the first order now returns what is left of it; the second stands.
    await setOrderStatus(t, admin, withCode, 'Cancelled').expect(200);
    expect(await today()).toMatchObject({ orders: 3, cancelled: 2, revenue: 11, discount: 0, shipping: 0, tax: 1 });
    const { rollup, truth } = await rollupAndTruth();
    expect(rollup).toEqual(truth);
  });

  it('shows the shipping refunded in the CSV export (its own column, in refunded and refund_ids)', async () => {
    const orderId = await buy([{ _id: cap, count: 2 }]);
    const refunded = await adminPost(ApiRoute.orderShippingRefund, { orderId }).expect(200);
    const csv = await request(t.http)
      .get(api(ApiRoute.ordersExport, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .buffer(true)
      .expect(200);
    const row = csv.text.split('\r\n').find((line) => line.includes(orderId))!;
    // 20.00 + 5.00 + 2.00 = 27.00; 5.00 refunded; subtotal, discount, shipping, tax, ..., shipping_refunded.
    expect(row).toContain(`,27.00,5.00,${refunded.body.transactionId},${refunded.body.pricing.shippingRefund.id},`);
    expect(row).toMatch(/,20\.00,0\.00,5\.00,2\.00,no,Standard,,5\.00$/);
  });

  it('lowers the overview by a return refund exactly as a line refund does, its discount and tax shares with it', async () => {
    const [{ id: teeVariant }] = (await t.dataSource.query(`SELECT id FROM product_variants WHERE product_id = $1`, [tee])) as {
      id: number;
    }[];
    // 3 tees with TEN: the line costs 60.00 - 6.00 + 5.40 tax = 59.40; each unit 19.80, 2.00 of discount, 1.80 of tax.
    const orderId = await buy([{ _id: tee, count: 3 }], 'TEN');
    await setOrderStatus(t, admin, orderId, 'Processing').expect(200);
    await setOrderStatus(t, admin, orderId, 'Shipped').expect(200);
    const refundReturn = async (quantity: number) => {
      const asked = await request(t.http)
        .post(api(ApiRoute.orderReturns, { orderId, userId: buyer.user._id }))
        .set('Authorization', `Bearer ${buyer.token}`)
        .send({ kind: 'return', reason: 'too-big', lines: [{ variant: teeVariant, quantity }] })
        .expect(201);
      const returnId = (asked.body as OrderReturn)._id;
      await adminPost(ApiRoute.returnApprove, { returnId }).expect(200);
      await adminPost(ApiRoute.returnReceive, { returnId }, { restock: true }).expect(200);
      return ((await adminPost(ApiRoute.returnRefund, { returnId }).expect(200)).body as OrderReturn).refund!.amount;
    };
    const cents = (period: SalesPeriod) => ({
      revenue: Math.round(period.revenue * 100),
      discount: Math.round(period.discount! * 100),
      shipping: Math.round(period.shipping! * 100),
      tax: Math.round(period.tax! * 100),
    });
    const start = cents(await today());

    expect(await refundReturn(1)).toBe(19.8);
    expect(cents(await today())).toEqual({
      revenue: start.revenue - 1980,
      discount: start.discount - 200,
      shipping: start.shipping,
      tax: start.tax - 180,
    });
    expect(await refundReturn(2)).toBe(39.6);
    // All three units back: the whole line's 59.40, 6.00 and 5.40 are out, as a line refund takes them.
    expect(cents(await today())).toEqual({
      revenue: start.revenue - 5940,
      discount: start.discount - 600,
      shipping: start.shipping,
      tax: start.tax - 540,
    });
    let sums = await rollupAndTruth();
    expect(sums.rollup).toEqual(sums.truth);

    // A status move keeps the day as it is; a cancel takes out exactly what is left of the order (revenue 5.00 of
    // shipping; the status route refuses a shipped order's cancel, so the trigger is driven directly here).
    await setOrderStatus(t, admin, orderId, 'Delivered').expect(200);
    expect(cents(await today())).toMatchObject({ revenue: start.revenue - 5940 });
    await t.dataSource.query(`UPDATE orders SET status = 'Cancelled' WHERE id = $1`, [orderId]);
    expect(cents(await today())).toMatchObject({
      revenue: start.revenue - 5940 - 500,
      discount: start.discount - 600,
      tax: start.tax - 540,
    });
    sums = await rollupAndTruth();
    expect(sums.rollup).toEqual(sums.truth);
    await t.dataSource.query(`UPDATE orders SET status = 'Delivered' WHERE id = $1`, [orderId]);
    sums = await rollupAndTruth();
    expect(sums.rollup).toEqual(sums.truth);
  });

  it('keeps the sums through the migrations down and up', async () => {
    const before = await rollupAndTruth();
    await inMigrationTransaction(t.config.databaseUrl, async (runner) => {
      // Without the return refunds in the triggers, what returns refunded goes back into its day.
      const returnRollups = new ReturnRefundRollups1764002000000();
      await returnRollups.down(runner);
      const [{ returned }] = (await runner.query(`SELECT (SELECT sum(revenue_cents) FROM order_daily_totals) - $1::bigint AS returned`, [
        (before.truth as { revenue: number }).revenue,
      ])) as { returned: string }[];
      const [{ refunded }] = (await runner.query(
        `SELECT sum(l.return_refund_cents) AS refunded FROM order_lines l JOIN orders o ON o.id = l.order_id
         WHERE o.status NOT IN ('Pending', 'Failed', 'Cancelled')`,
      )) as { refunded: string }[];
      expect(Number(refunded)).toBe(5940);
      expect(Number(returned)).toBe(Number(refunded));
      await new SalesBreakdown1764000910000().down(runner);
      const [{ revenue }] = (await runner.query(`SELECT sum(revenue_cents)::int AS revenue FROM order_daily_totals`)) as {
        revenue: number;
      }[];
      expect(revenue).toBe((before.truth as { revenue: number }).revenue + 5940);
      // Without the shipping refund's column, its revenue goes back into its day (the refund is forgotten with it).
      const shippingRefund = new ShippingRefund1764000900000();
      await shippingRefund.down(runner);
      const [{ plain }] = (await runner.query(
        `SELECT (SELECT sum(revenue_cents) FROM order_daily_totals) - (SELECT sum(o.amount_cents - (SELECT coalesce(sum(refund_cents), 0)
           FROM order_lines l WHERE l.order_id = o.id)) FROM orders o WHERE o.status NOT IN ('Pending', 'Failed', 'Cancelled')) AS plain`,
      )) as { plain: string }[];
      expect(Number(plain)).toBe(0);
      await shippingRefund.up(runner);
      await new SalesBreakdown1764000910000().up(runner);
      // The earlier migrations' backfills do not know the return refunds; this one's up takes them out again.
      await returnRollups.up(runner);
    });
    const after = await rollupAndTruth();
    expect(after.rollup).toEqual(after.truth);
    // And the triggers keep them for the next order.
    await buy([{ _id: tee, count: 1 }], 'TEN');
    const next = await rollupAndTruth();
    expect(next.rollup).toEqual(next.truth);
  });
});
