import { ApiRoute, type Category, type OrderReturn, type Product, type ProductFit, Role, type Session } from '@store/contract';
import request from 'supertest';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import type { TestGateway } from '../src/modules/payments/test.gateway.js';
import { ReturnsService } from '../src/modules/returns/returns.service.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { paidOrder, SHIPPING_ADDRESS, setOrderStatus } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** Returns and size exchanges (docs/returns.md) on the real API, Postgres, test gateway and outbox. */
describe('returns and exchanges (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  let gateway: TestGateway;
  let calls: ReturnType<typeof productCalls>;
  let shirts: Category;

  beforeAll(async () => {
    t = await createTestApp();
    gateway = t.app.get(PaymentGateway) as TestGateway;
    [admin, buyer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t)]);
    calls = productCalls(t, () => admin);
    shirts = await calls.category('Return Shirts');
  });
  afterAll(() => t.close());

  /** A $10 tee in S, M, L (`stock` of each size). */
  const tee = async (stock: Record<string, number> = { S: 5, M: 5, L: 5 }): Promise<Product> => {
    const { stock: _stock, ...form } = productForm(shirts, { price: '10' });
    return calls.created({
      ...form,
      options: JSON.stringify([{ name: 'Size', values: ['S', 'M', 'L'].map((value) => ({ value })) }]),
      variants: JSON.stringify(Object.entries(stock).map(([size, n]) => ({ options: [size], stock: n }))),
    });
  };
  const variant = (product: Product, size: string) => product.variants!.find((v) => v.options[0] === size)!._id;
  const variantRow = async (id: number) =>
    ((await t.dataSource.query(`SELECT stock, sold FROM product_variants WHERE id = $1`, [id])) as { stock: number; sold: number }[])[0];
  /** A shipped order of `count` of the product in `size`, paid by `session`. */
  const shipped = async (product: Product, size: string, count = 1, session = buyer) => {
    const paid = await paidOrder(t, session, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 10 * count,
      products: [{ _id: product._id, variant: variant(product, size), count }],
    });
    await setOrderStatus(t, admin, paid.orderId, 'Processing').expect(200);
    await setOrderStatus(t, admin, paid.orderId, 'Shipped').expect(200);
    return paid;
  };
  const ask = (orderId: string, body: object, session = buyer) =>
    request(t.http)
      .post(api(ApiRoute.orderReturns, { orderId, userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`)
      .send(body);
  const step = (route: string, returnId: string, body: object = {}, session = admin) =>
    request(t.http)
      .post(api(route, { returnId, userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`)
      .send(body);
  const mails = async (recipient: string) =>
    (
      (await t.dataSource.query(
        `SELECT kind, subject, text_body FROM mail_outbox WHERE recipient = $1 AND kind LIKE 'return-%' ORDER BY id`,
        [recipient],
      )) as { kind: string; subject: string; text_body: string }[]
    ).map((mail) => mail.kind);
  const audit = async (returnId: string) =>
    (
      (await t.dataSource.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY at, action`, [returnId])) as {
        action: string;
      }[]
    ).map((row) => row.action);

  it('exchanges M for L: reserves L at once, takes M back on sale, ships L; mails and audits every step', async () => {
    const product = await tee();
    const { orderId } = await shipped(product, 'M');
    const [m, l] = [variant(product, 'M'), variant(product, 'L')];
    expect(await variantRow(l)).toEqual({ stock: 5, sold: 0 });

    const asked = (
      await ask(orderId, { kind: 'exchange', reason: 'too-small', lines: [{ variant: m, quantity: 1, exchangeVariant: l }] }).expect(201)
    ).body as OrderReturn;
    expect(asked).toMatchObject({
      kind: 'exchange',
      reason: 'too-small',
      status: 'requested',
      order: { _id: orderId, number: expect.any(Number) },
      lines: [{ product: product._id, variant: m, size: 'M', options: 'M', quantity: 1, exchangeVariant: l, exchangeOptions: 'L' }],
    });
    expect(Date.parse(asked.holdUntil!)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(await variantRow(l)).toEqual({ stock: 4, sold: 0 });

    expect((await step(ApiRoute.returnApprove, asked._id).expect(200)).body.status).toBe('approved');
    await step(ApiRoute.returnApprove, asked._id).expect(409);
    // Not refundable: an exchange is shipped instead; and it must come back first.
    await step(ApiRoute.returnShip, asked._id, { carrier: 'UPS', tracking: '1Z999' }).expect(409);
    const received = (await step(ApiRoute.returnReceive, asked._id, { restock: true }).expect(200)).body as OrderReturn;
    expect(received).toMatchObject({ status: 'received', restocked: true });
    expect(await variantRow(m)).toEqual({ stock: 5, sold: 0 });
    await step(ApiRoute.returnRefund, asked._id).expect(409);
    const done = (await step(ApiRoute.returnShip, asked._id, { carrier: 'UPS', tracking: '1Z999' }).expect(200)).body as OrderReturn;
    expect(done).toMatchObject({ status: 'shipped', shipment: { carrier: 'UPS', tracking: '1Z999', at: expect.any(String) } });
    expect(await variantRow(l)).toEqual({ stock: 4, sold: 1 });

    expect(await mails(buyer.user.email)).toEqual(
      expect.arrayContaining(['return-requested', 'return-approved', 'return-received', 'return-shipped']),
    );
    expect(await audit(asked._id)).toEqual(['return.request', 'return.approve', 'return.receive', 'return.ship']);
    // The buyer reads it on their order; another buyer cannot.
    const mine = await request(t.http)
      .get(api(ApiRoute.orderReturns, { orderId, userId: buyer.user._id }))
      .set('Authorization', `Bearer ${buyer.token}`)
      .expect(200);
    expect((mine.body as OrderReturn[]).map((r) => r._id)).toEqual([asked._id]);
    const stranger = await signedInUser(t);
    await request(t.http)
      .get(api(ApiRoute.orderReturns, { orderId, userId: stranger.user._id }))
      .set('Authorization', `Bearer ${stranger.token}`)
      .expect(404);
    await ask(orderId, { kind: 'return', reason: 'other', lines: [{ variant: m, quantity: 1 }] }, stranger).expect(404);
  });

  it('lets exactly one of two buyers racing for the last L exchange into it', async () => {
    const product = await tee({ S: 5, M: 5, L: 2 });
    const other = await signedInUser(t);
    const [first, second] = [await shipped(product, 'M'), await shipped(product, 'M', 1, other)];
    const [m, l] = [variant(product, 'M'), variant(product, 'L')];
    // A third shopper buys one L: one left.
    await shipped(product, 'L');
    expect((await variantRow(l)).stock).toBe(1);
    const body = { kind: 'exchange', reason: 'too-small', lines: [{ variant: m, quantity: 1, exchangeVariant: l }] };
    const answers = await Promise.all([ask(first.orderId, body), ask(second.orderId, body, other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('out of stock') });
    expect(await variantRow(l)).toEqual({ stock: 0, sold: 1 });
  });

  it('releases the held variant when the items are not received in time, and rejecting releases it too', async () => {
    const product = await tee();
    const { orderId } = await shipped(product, 'L', 2);
    const [m, l] = [variant(product, 'M'), variant(product, 'L')];
    const asked = (
      await ask(orderId, { kind: 'exchange', reason: 'too-big', lines: [{ variant: l, quantity: 1, exchangeVariant: m }] }).expect(201)
    ).body as OrderReturn;
    await step(ApiRoute.returnApprove, asked._id).expect(200);
    expect((await variantRow(m)).stock).toBe(4);
    const sweeper = t.app.get(ReturnsService);
    expect(await sweeper.releaseExpired()).not.toContain(asked._id);
    await t.dataSource.query(`UPDATE returns SET hold_until = now() - interval '1 minute' WHERE id = $1`, [asked._id]);
    expect(await sweeper.releaseExpired()).toEqual([asked._id]);
    expect(await sweeper.releaseExpired()).toEqual([]);
    expect((await variantRow(m)).stock).toBe(5);
    await step(ApiRoute.returnReceive, asked._id, { restock: true }).expect(409);
    expect(await audit(asked._id)).toEqual(['return.request', 'return.approve', 'return.expire']);
    expect(await mails(buyer.user.email)).toContain('return-expired');

    // The unit is free to ask for again; a rejection gives the held variant back at once.
    const again = (
      await ask(orderId, { kind: 'exchange', reason: 'too-big', lines: [{ variant: l, quantity: 2, exchangeVariant: m }] }).expect(201)
    ).body as OrderReturn;
    expect((await variantRow(m)).stock).toBe(3);
    expect((await step(ApiRoute.returnReject, again._id).expect(200)).body.status).toBe('rejected');
    expect((await variantRow(m)).stock).toBe(5);
  });

  it('refunds a return its units share of the line, discount included, adding up to exactly what the line cost', async () => {
    const product = await tee();
    const { orderId, transactionId } = await shipped(product, 'S', 3);
    const s = variant(product, 'S');
    // The line as pricing stores it with a discount (docs/pricing.md): 3 x $10.00 less $1.46 = $28.54.
    await t.dataSource.query(`UPDATE order_lines SET discount_cents = 146 WHERE order_id = $1`, [orderId]);
    gateway.settle(transactionId);
    const refundOf = async (quantity: number, restock: boolean) => {
      const asked = (await ask(orderId, { kind: 'return', reason: 'damaged', lines: [{ variant: s, quantity }] }).expect(201))
        .body as OrderReturn;
      await step(ApiRoute.returnApprove, asked._id).expect(200);
      await step(ApiRoute.returnRefund, asked._id).expect(409);
      await step(ApiRoute.returnReceive, asked._id, { restock }).expect(200);
      return (await step(ApiRoute.returnRefund, asked._id).expect(200)).body as OrderReturn;
    };
    const before = await variantRow(s);
    const first = await refundOf(1, false);
    expect(first).toMatchObject({ status: 'refunded', restocked: false, refund: { amount: 9.51 }, lines: [{ refund: 9.51 }] });
    // Written off: no longer sold, not back in stock.
    expect(await variantRow(s)).toEqual({ stock: before.stock, sold: before.sold - 1 });
    expect((await refundOf(1, true)).refund!.amount).toBe(9.52);
    expect((await refundOf(1, true)).refund!.amount).toBe(9.51);
    expect(gateway.reversals.filter((r) => r.transactionId === transactionId).map((r) => r.amountCents)).toEqual([951, 952, 951]);
    expect(await variantRow(s)).toEqual({ stock: before.stock + 2, sold: before.sold - 3 });
    // Nothing left to return, and the whole-line refund knows the units went back through returns.
    const more = await ask(orderId, { kind: 'return', reason: 'damaged', lines: [{ variant: s, quantity: 1 }] }).expect(400);
    expect(more.body.details).toEqual([{ field: 'lines[0].quantity', message: 'must be at most 0' }]);
    await request(t.http)
      .post(api(ApiRoute.orderLineRefund, { orderId, userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ product: product._id })
      .expect(409);
  });

  it('enforces the return window and a shipped order', async () => {
    const product = await tee();
    const paid = await paidOrder(t, buyer, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 10,
      products: [{ _id: product._id, variant: variant(product, 'M'), count: 1 }],
    });
    const body = { kind: 'return', reason: 'other', lines: [{ variant: variant(product, 'M'), quantity: 1 }] };
    expect((await ask(paid.orderId, body).expect(409)).body.error).toBe('The order has not shipped yet: nothing to send back');
    await setOrderStatus(t, admin, paid.orderId, 'Processing').expect(200);
    await setOrderStatus(t, admin, paid.orderId, 'Shipped').expect(200);
    await t.dataSource.query(`UPDATE orders SET paid_at = now() - interval '31 days' WHERE id = $1`, [paid.orderId]);
    expect((await ask(paid.orderId, body).expect(409)).body.error).toMatch(
      /^The return window of 30 days for this order ended on \d{4}-\d\d-\d\d$/,
    );
    await t.dataSource.query(`UPDATE orders SET paid_at = now() - interval '29 days' WHERE id = $1`, [paid.orderId]);
    await ask(paid.orderId, body).expect(201);
  });

  it('takes back the shipped lines of a partly shipped order, not the ones still to come', async () => {
    const product = await tee();
    const [s, m] = [variant(product, 'S'), variant(product, 'M')];
    const { orderId } = await paidOrder(t, buyer, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 30,
      products: [
        { _id: product._id, variant: s, count: 2 },
        { _id: product._id, variant: m, count: 1 },
      ],
    });
    const body = (variantId: number, quantity = 1) => ({ kind: 'return', reason: 'too-big', lines: [{ variant: variantId, quantity }] });
    // Processing with nothing out yet: nothing to send back.
    await setOrderStatus(t, admin, orderId, 'Processing').expect(200);
    expect((await ask(orderId, body(s)).expect(409)).body.error).toBe('The order has not shipped yet: nothing to send back');
    // One of the two S leaves; the order stays Processing, partly shipped.
    const parcel = await request(t.http)
      .post(api(ApiRoute.orderShipments, { orderId, userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ carrier: 'ups', trackingNumber: '1Z111', lines: [{ variant: s, count: 1 }] })
      .expect(201);
    expect(parcel.body).toMatchObject({ status: 'Processing', fulfilment: 'Partly shipped' });
    const unshipped = (await ask(orderId, body(m)).expect(400)).body as { error: string; details: unknown[] };
    expect(unshipped.error).toMatch(/has not shipped yet/);
    expect(unshipped.details).toEqual([{ field: 'lines[0].variant', message: 'has not shipped yet' }]);
    // Only the unit that left, not the one still in the shop.
    expect((await ask(orderId, body(s, 2)).expect(400)).body.details).toEqual([
      { field: 'lines[0].quantity', message: 'must be at most 1' },
    ]);
    const asked = (await ask(orderId, body(s)).expect(201)).body as OrderReturn;
    expect(asked.lines).toEqual([expect.objectContaining({ variant: s, quantity: 1 })]);
    // The second S leaves too: it can be asked for now.
    await request(t.http)
      .post(api(ApiRoute.orderShipments, { orderId, userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ carrier: 'ups', trackingNumber: '1Z112', lines: [{ variant: s, count: 1 }] })
      .expect(201);
    await ask(orderId, body(s)).expect(201);
    expect((await ask(orderId, body(s)).expect(400)).body.details).toEqual([{ field: 'lines[0].quantity', message: 'must be at most 0' }]);
  });

  it("lets a guest ask by their order link's token, never by the order's id, under the same rules", async () => {
    const product = await tee();
    const [m, l] = [variant(product, 'M'), variant(product, 'L')];
    const email = `returns-guest-${Date.now()}@example.com`;
    const paid = await request(t.http)
      .post(`/api${ApiRoute.guestPayment}`)
      .set('X-Forwarded-For', '198.51.100.77')
      .send({
        paymentInfo: {
          email,
          paymentMethodNonce: 'fake-valid-nonce',
          amount: 20,
          products: [{ _id: product._id, variant: m, count: 2 }],
          shippingAddress: SHIPPING_ADDRESS,
        },
      })
      .expect(200);
    const [token, orderId] = [paid.body.orderToken as string, paid.body.order._id as string];
    const guestAsk = (body: object) => request(t.http).post(`/api${ApiRoute.guestOrderReturns}`).send(body);
    const guestReturns = (query: object) => request(t.http).get(`/api${ApiRoute.guestOrderReturns}`).query(query);
    const exchange = { kind: 'exchange', reason: 'too-small', lines: [{ variant: m, quantity: 1, exchangeVariant: l }] };

    expect((await guestAsk({ token, ...exchange }).expect(409)).body.error).toBe('The order has not shipped yet: nothing to send back');
    await setOrderStatus(t, admin, orderId, 'Processing').expect(200);
    await setOrderStatus(t, admin, orderId, 'Shipped').expect(200);
    // Another token, or none: nothing is asked.
    await guestAsk({ token: 'x'.repeat(43), ...exchange }).expect(404);
    expect((await guestAsk(exchange).expect(400)).body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'token' })]),
    );
    expect(await t.dataSource.query(`SELECT id FROM returns WHERE order_id = $1`, [orderId])).toEqual([]);

    const asked = (await guestAsk({ token, ...exchange }).expect(201)).body as OrderReturn;
    expect(asked).toMatchObject({
      order: { _id: orderId },
      user: { _id: '' },
      kind: 'exchange',
      status: 'requested',
      lines: [{ variant: m, quantity: 1, exchangeVariant: l, exchangeOptions: 'L' }],
    });
    expect(await variantRow(l)).toEqual({ stock: 4, sold: 0 });
    expect(
      (await guestAsk({ token, kind: 'return', reason: 'other', lines: [{ variant: m, quantity: 2 }] }).expect(400)).body.details,
    ).toEqual([{ field: 'lines[0].quantity', message: 'must be at most 1' }]);

    expect(((await guestReturns({ token }).expect(200)).body as OrderReturn[]).map((r) => r._id)).toEqual([asked._id]);
    await guestReturns({ token: 'x'.repeat(43) }).expect(404);
    await guestReturns({}).expect(400);
    // The mails go to the order's e-mail, every step; the audit has the request.
    await step(ApiRoute.returnApprove, asked._id).expect(200);
    expect((await mails(email)).sort()).toEqual(['return-approved', 'return-requested']);
    expect(await audit(asked._id)).toEqual(['return.request', 'return.approve']);
  });

  it('refuses bad input with a 400 naming the field, and staff-only steps to a buyer', async () => {
    const product = await tee();
    const other = await tee();
    const { orderId } = await shipped(product, 'M');
    const m = variant(product, 'M');
    const bad = async (body: object) => (await ask(orderId, body).expect(400)).body as { code: string; details: unknown[] };
    expect((await bad({ kind: 'swap', reason: 'other', lines: [{ variant: m, quantity: 1 }] })).details).toEqual([
      { field: 'kind', message: 'kind must be one of return, exchange' },
    ]);
    expect((await bad({ kind: 'return', reason: 'other', lines: [] })).details).toEqual([
      { field: 'lines', message: 'lines must name at least one line' },
    ]);
    expect((await bad({ kind: 'return', reason: 'other', lines: [{ variant: m, quantity: 0 }] })).details).toEqual([
      { field: 'lines.0.quantity', message: 'quantity must be at least 1' },
    ]);
    expect((await bad({ kind: 'return', reason: 'other', lines: [{ variant: m, quantity: 2 }] })).details).toEqual([
      { field: 'lines[0].quantity', message: 'must be at most 1' },
    ]);
    expect((await bad({ kind: 'exchange', reason: 'too-small', lines: [{ variant: m, quantity: 1 }] })).details).toEqual([
      { field: 'lines[0].exchangeVariant', message: 'is required for an exchange' },
    ]);
    expect(
      (await bad({ kind: 'exchange', reason: 'too-small', lines: [{ variant: m, quantity: 1, exchangeVariant: variant(other, 'L') }] }))
        .details,
    ).toEqual([{ field: 'lines[0].exchangeVariant', message: 'is not a variant of the same product' }]);
    expect((await bad({ kind: 'return', reason: 'other', lines: [{ variant: variant(other, 'L'), quantity: 1 }] })).details).toEqual([
      { field: 'lines[0].variant', message: 'is not a line of the order' },
    ]);
    expect(await t.dataSource.query(`SELECT id FROM returns WHERE order_id = $1`, [orderId])).toEqual([]);

    const asked = (await ask(orderId, { kind: 'return', reason: 'other', lines: [{ variant: m, quantity: 1 }] }).expect(201))
      .body as OrderReturn;
    await step(ApiRoute.returnApprove, asked._id, {}, buyer).expect(403);
    expect((await step(ApiRoute.returnReceive, asked._id, { restock: 'yes' }).expect(400)).body.details).toEqual([
      { field: 'restock', message: 'restock must be true (back on sale) or false (written off)' },
    ]);
    await request(t.http)
      .get(`${api(ApiRoute.returnsAll, { userId: admin.user._id })}?status=lost`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(400);
  });

  it("pages the admin's list as the order list does: limit capped, cursor checked, 400 on bad values", async () => {
    const list = (query: Record<string, string>) =>
      request(t.http)
        .get(api(ApiRoute.returnsAll, { userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .query(query);
    const newest = ((await t.dataSource.query(`SELECT id FROM returns ORDER BY created_at DESC, id DESC`)) as { id: string }[]).map(
      (row) => row.id,
    );
    expect(newest.length).toBeGreaterThan(3);
    const first = await list({}).expect(200);
    expect(Number(first.headers['x-total-count'])).toBe(newest.length);
    expect((first.body as OrderReturn[]).map((r) => r._id)).toEqual(newest.slice(0, 50));

    // Pages of 2, each after the last one's cursor: every return once, newest first.
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await list({ limit: '2', ...(after ? { after } : {}) }).expect(200);
      expect((page.body as OrderReturn[]).length).toBeLessThanOrEqual(2);
      seen.push(...(page.body as OrderReturn[]).map((r) => r._id));
      after = page.headers['x-next-cursor'] as string | undefined;
    } while (after);
    expect(seen).toEqual(newest);

    const [{ n }] = (await t.dataSource.query(`SELECT count(*)::int AS n FROM returns WHERE status = 'requested'`)) as { n: number }[];
    const requested = await list({ status: 'requested', limit: '1' }).expect(200);
    expect(Number(requested.headers['x-total-count'])).toBe(n);
    expect((requested.body as OrderReturn[]).map((r) => r.status)).toEqual(['requested']);

    const forged = Buffer.from(JSON.stringify(['not-an-id', '2026-01-01T00:00:00.000000'])).toString('base64url');
    for (const [query, field] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ limit: '1e2' }, 'limit'],
      [{ after: '!!' }, 'after'],
      [{ after: forged }, 'after'],
      [{ offset: '50' }, 'offset'],
      [{ status: 'lost' }, 'status'],
    ] as const) {
      const refused = await list(query).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field })] });
    }
  });

  it('turns fit-related exchanges into the product fit note, and suggests reorders from sales and exchanges', async () => {
    const product = await tee({ S: 20, M: 20, L: 20 });
    const fit = async () =>
      (
        await request(t.http)
          .get(api(ApiRoute.productFit, { productId: product._id }))
          .expect(200)
      ).body as ProductFit;
    const [m, l] = [variant(product, 'M'), variant(product, 'L')];
    for (let i = 0; i < 5; i += 1) {
      const { orderId } = await shipped(product, 'M');
      expect((await fit()).note).toBeNull();
      await ask(orderId, { kind: 'exchange', reason: 'too-small', lines: [{ variant: m, quantity: 1, exchangeVariant: l }] }).expect(201);
    }
    expect(await fit()).toEqual({
      product: product._id,
      note: 'Runs small: most exchanges went up a size',
      fitRelated: 5,
      small: 5,
      large: 0,
    });

    const suggestions = (
      await request(t.http)
        .get(`${api(ApiRoute.reorderSuggestions, { userId: admin.user._id })}?days=60`)
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200)
    ).body as Array<{ variant: number; sold: number; exchangesIn: number; exchangesOut: number; stock: number; reorder: number }>;
    // L: 5 exchanged in over 30 days -> 10 for 60 days, 15 left in stock -> nothing; M: 5 sold, 5 out -> nothing.
    expect(suggestions.find((s) => s.variant === l)).toBeUndefined();
    const lRow = await variantRow(l);
    expect(lRow.stock).toBe(15);
    await t.dataSource.query(`UPDATE product_variants SET stock = 2 WHERE id = $1`, [l]);
    const again = (
      await request(t.http)
        .get(`${api(ApiRoute.reorderSuggestions, { userId: admin.user._id })}?days=60`)
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200)
    ).body as Array<{ variant: number; sold: number; exchangesIn: number; exchangesOut: number; stock: number; reorder: number }>;
    expect(again.find((s) => s.variant === l)).toMatchObject({
      sold: 0,
      exchangesIn: 5,
      exchangesOut: 0,
      stock: 2,
      reorder: 8,
      waiting: 0,
    });
    await request(t.http)
      .get(`${api(ApiRoute.reorderSuggestions, { userId: admin.user._id })}?days=0`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(400);
  });
});
