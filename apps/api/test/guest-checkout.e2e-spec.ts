import {
  ApiRoute,
  type GuestOrder,
  type GuestPaymentInfo,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type PricingAdmin,
  type Quote,
  Role,
  type Session,
} from '@store/contract';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { orderStatusCounts, SHIPPING_ADDRESS, seedProduct, stockOf } from './support/checkout-fixtures.js';
import { GuestCheckout1764000800000 } from '../src/database/migrations/1764000800000-guest-checkout.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';
import { inMigrationTransaction } from './support/test-database.js';

/** The link a guest's confirmation carries: the web app's guest order page, the token in the fragment. */
const LINK = /^https:\/\/shop\.example\/guest\/order#([A-Za-z0-9_-]{43})$/m;
const LIMIT = 4;

/**
 * Guest checkout (docs/payments.md, "Guest checkout") against the real API, Postgres and the test gateway: a guest
 * quotes and pays with e-mail, address, method, code and card; the mailed link shows the order; limits per client
 * address and per e-mail; Idempotency-Key; a code's uses per customer by e-mail; and the orders joining an account
 * only once its address is confirmed.
 */
describe('guest checkout (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let tee: string;
  let methodId: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ pricingRulesCacheSeconds: 0, paymentRateLimit: LIMIT, publicUrl: 'https://shop.example' });
    admin = await signedInUser(t, Role.Admin);
    tee = await seedProduct(t, { name: 'Guest Tee', price: 20, stock: 1000 });
    const as = (path: string, body: object) =>
      request(t.http).post(path).set('Authorization', `Bearer ${admin.token}`).send(body).expect(201);
    const zones = (await as(api(ApiRoute.shippingZoneCreate, { userId: admin.user._id }), { name: 'US', countries: ['US'] }))
      .body as PricingAdmin;
    const screen = (
      await as(api(ApiRoute.shippingMethodCreate, { userId: admin.user._id }), { zone: zones.zones[0]._id, name: 'Standard', price: 5 })
    ).body as PricingAdmin;
    methodId = screen.zones[0].methods[0]._id;
    await as(api(ApiRoute.discountCodeCreate, { userId: admin.user._id }), {
      code: 'GUEST10',
      kind: 'percentage',
      value: 10,
      maxUsesPerCustomer: 1,
    });
  });
  afterAll(() => t.close());

  /** A fresh guest: an e-mail and a client address nobody else in this file uses, so each test has its own allowance. */
  const guest = () => {
    seq += 1;
    return { email: `guest${seq}-${Date.now()}@example.com`, ip: `198.51.100.${seq}` };
  };
  // Two tees at $20, 10% off ($4), $5 shipping: $41.
  const info = (email: string, extra: Partial<GuestPaymentInfo> = {}): GuestPaymentInfo => ({
    email,
    paymentMethodNonce: 'fake-valid-nonce',
    amount: 41,
    products: [{ _id: tee, count: 2 }],
    shippingAddress: SHIPPING_ADDRESS,
    shippingMethod: methodId,
    discountCode: 'guest10',
    ...extra,
  });
  const payAsGuest = (paymentInfo: object, ip: string, key?: string) => {
    const call = request(t.http).post(`/api${ApiRoute.guestPayment}`).set('X-Forwarded-For', ip);
    if (key !== undefined) call.set(IDEMPOTENCY_KEY_HEADER, key);
    return call.send({ paymentInfo });
  };
  const guestOrder = (token: string) => request(t.http).get(`/api${ApiRoute.guestOrder}`).query({ token });
  const confirmation = async (email: string): Promise<string> => {
    const rows = (await t.dataSource.query(`SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'order-confirmation'`, [
      email,
    ])) as { text_body: string }[];
    expect(rows).toHaveLength(1);
    return rows[0].text_body;
  };

  it('a guest quotes and pays with e-mail, address, method, code and card; the mailed link shows the order', async () => {
    const { email, ip } = guest();
    const quote = (
      await request(t.http)
        .post(`/api${ApiRoute.guestQuote}`)
        .send({
          products: [{ _id: tee, count: 2 }],
          destination: { country: 'US' },
          shippingMethod: methodId,
          discountCode: 'guest10',
          email,
        })
        .expect(200)
    ).body as Quote;
    expect(quote).toMatchObject({ subtotal: 40, discount: 4, shipping: 5, tax: 0, total: 41, discountCode: 'GUEST10' });

    const paid = await payAsGuest(info(email), ip).expect(200);
    expect(paid.body).toMatchObject({ success: true, order: { status: 'Received', amount: 41 }, transaction: { amount: 41 } });
    const token = paid.body.orderToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the token's SHA-256 is stored; the order has no account and the guest's e-mail (admins search by it).
    const [row] = (await t.dataSource.query(
      `SELECT user_id, guest_email, user_email, user_name, encode(guest_token_hash, 'hex') AS hash FROM orders WHERE id = $1`,
      [paid.body.order._id],
    )) as { user_id: string | null; guest_email: string; user_email: string; user_name: string; hash: string }[];
    const { createHash } = await import('node:crypto');
    expect(row).toEqual({
      user_id: null,
      guest_email: email,
      user_email: email,
      user_name: SHIPPING_ADDRESS.name,
      hash: createHash('sha256').update(token).digest('hex'),
    });

    const mail = await confirmation(email);
    expect(LINK.exec(mail)?.[1]).toBe(token);
    expect(mail).toContain('Discount (GUEST10): -$4.00');

    const shown = (await guestOrder(token).expect(200)).body as GuestOrder;
    expect(shown).toEqual({
      _id: paid.body.order._id,
      number: expect.any(Number),
      status: 'Received',
      amount: 41,
      createdAt: expect.any(String),
      products: [expect.objectContaining({ product: tee, name: 'Guest Tee', price: 20, count: 2, discount: 4, tax: 0 })],
      shippingAddress: SHIPPING_ADDRESS,
      pricing: expect.objectContaining({
        subtotal: 40,
        discount: 4,
        shipping: 5,
        tax: 0,
        shippingMethod: 'Standard',
        discountCode: 'GUEST10',
      }),
    });
    expect(shown).not.toHaveProperty('user');
    expect(shown).not.toHaveProperty('transactionId');
  });

  it('a wrong token is 404, a missing one 400 with its field, and an order id is no token', async () => {
    const { email, ip } = guest();
    const paid = await payAsGuest(info(email, { discountCode: undefined, amount: 45 }), ip).expect(200);
    expect((await guestOrder('A'.repeat(43)).expect(404)).body).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
    await guestOrder(paid.body.order._id as string).expect(404);
    const missing = await request(t.http).get(`/api${ApiRoute.guestOrder}`).expect(400);
    expect(missing.body.details).toEqual([{ field: 'token', message: '1 to 128 characters' }]);
  });

  it('bad input: a clear 400 or 409 naming the field, nothing reserved or charged', async () => {
    const { email, ip } = guest();
    const before = { stock: await stockOf(t, tee), orders: await orderStatusCounts(t) };
    const noEmail = await payAsGuest({ ...info(email), email: 'not-an-address' }, ip).expect(400);
    expect(noEmail.body.details).toContainEqual({ field: 'paymentInfo.email', message: 'email must be a valid email address' });
    const { shippingAddress: _dropped, ...withoutAddress } = info(email);
    const noAddress = await payAsGuest(withoutAddress, ip).expect(400);
    expect(noAddress.body.details[0].field).toBe('paymentInfo.shippingAddress');
    const wrongMethod = await payAsGuest(info(email, { shippingMethod: randomUUID() }), ip);
    expect(wrongMethod.status).toBeGreaterThanOrEqual(400);
    expect(wrongMethod.status).toBeLessThan(500);
    expect(wrongMethod.body.details[0].field).toBe('paymentInfo.shippingMethod');
    const badCode = await payAsGuest(info(email, { discountCode: 'NOPE-NOPE' }), ip);
    expect(badCode.status).toBeLessThan(500);
    expect(badCode.body.details[0].field).toBe('paymentInfo.discountCode');
    expect({ stock: await stockOf(t, tee), orders: await orderStatusCounts(t) }).toEqual(before);
  });

  it(`limits a guest to ${LIMIT} attempts a minute per e-mail, whatever the client address`, async () => {
    const { email } = guest();
    for (let i = 0; i < LIMIT; i += 1) await payAsGuest(info(email, { amount: 1 }), `203.0.113.${i + 1}`).expect(409);
    const limited = await payAsGuest(info(email), '203.0.113.99').expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another e-mail from that address is not limited.
    await payAsGuest(info(guest().email, { amount: 1 }), '203.0.113.99').expect(409);
  });

  it(`limits a client address to ${LIMIT} attempts a minute, whatever the e-mail`, async () => {
    const { ip } = guest();
    for (let i = 0; i < LIMIT; i += 1) await payAsGuest(info(guest().email, { amount: 1 }), ip).expect(409);
    await payAsGuest(info(guest().email), ip).expect(429);
    expect(await orderStatusCounts(t)).not.toHaveProperty('Pending');
  });

  it('an Idempotency-Key retry gets the first answer (without the link, which is mailed) and charges once', async () => {
    const { email, ip } = guest();
    const key = randomUUID();
    const first = await payAsGuest(info(email), ip, key).expect(200);
    const retry = await payAsGuest(info(email), ip, key).expect(200);
    const { orderToken, ...replayable } = first.body as { orderToken: string };
    expect(orderToken).toBeDefined();
    expect(retry.body).toEqual(replayable);
    const orders = (await t.dataSource.query(`SELECT id FROM orders WHERE guest_email = $1`, [email])) as unknown[];
    expect(orders).toHaveLength(1);
    // The same key with another payment is refused; another guest's same key is theirs alone.
    const other = await payAsGuest(info(email, { products: [{ _id: tee, count: 3 }], amount: 59 }), ip, key).expect(400);
    expect(other.body.details).toEqual([{ field: IDEMPOTENCY_KEY_HEADER, message: 'already used with a different request' }]);
    await payAsGuest(info(guest().email), guest().ip, key).expect(200);
  });

  it("counts a code's uses per customer by the guest's e-mail", async () => {
    const a = guest();
    const b = guest();
    await payAsGuest(info(a.email), a.ip).expect(200);
    const quoteAgain = await request(t.http)
      .post(`/api${ApiRoute.guestQuote}`)
      .send({
        products: [{ _id: tee, count: 2 }],
        destination: { country: 'US' },
        shippingMethod: methodId,
        discountCode: 'GUEST10',
        email: a.email,
      })
      .expect(409);
    expect(quoteAgain.body.details[0].field).toBe('discountCode');
    // The e-mail in another case is the same customer; nothing is reserved for the refused payment.
    const stock = await stockOf(t, tee);
    const again = await payAsGuest(info(a.email.toUpperCase()), guest().ip).expect(409);
    expect(again.body.details[0].field).toBe('paymentInfo.discountCode');
    expect(await stockOf(t, tee)).toEqual(stock);
    await payAsGuest(info(b.email), b.ip).expect(200);
  });

  it('guest orders join an account only once it confirms that address, in one statement', async () => {
    const { email, ip } = guest();
    const paid = await payAsGuest(info(email, { discountCode: undefined, amount: 45 }), ip).expect(200);
    const otherGuest = guest();
    await payAsGuest(info(otherGuest.email, { discountCode: undefined, amount: 45 }), otherGuest.ip).expect(200);

    const password = 'correct horse battery';
    await request(t.http).post(`/api${ApiRoute.signup}`).send({ name: 'Late Joiner', email, password }).expect(201);
    const session = (await request(t.http).post(`/api${ApiRoute.signin}`).send({ email, password }).expect(200)).body as Session;
    const mine = async () =>
      (
        await request(t.http)
          .get(api(ApiRoute.ordersOfUser, { userId: session.user._id }))
          .set('Authorization', `Bearer ${session.token}`)
          .expect(200)
      ).body as Order[];
    // Signed up, not confirmed: anyone can sign up with someone else's address, so nothing joins.
    expect(await mine()).toEqual([]);

    const [verifyMail] = (await t.dataSource.query(`SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'verify-email'`, [
      email,
    ])) as { text_body: string }[];
    const verifyToken = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(verifyMail.text_body)![1];
    await request(t.http).post(`/api${ApiRoute.emailVerify}`).send({ token: verifyToken }).expect(200);

    const joined = await mine();
    expect(joined.map((order) => order._id)).toEqual([paid.body.order._id]);
    expect(joined[0].user).toEqual({ _id: session.user._id, name: 'Late Joiner' });
    // The other guest's order stays a guest order; the joined one's link still works.
    const [other] = (await t.dataSource.query(`SELECT user_id FROM orders WHERE guest_email = $1`, [otherGuest.email])) as {
      user_id: string | null;
    }[];
    expect(other.user_id).toBeNull();
    await guestOrder(paid.body.orderToken as string).expect(200);
  });

  it("its migration is reversible: down drops the guest columns and restores the keys' reference to users; up again, guests pay", async () => {
    const { email, ip } = guest();
    await payAsGuest(info(email, { discountCode: undefined, amount: 45 }), ip, randomUUID()).expect(200);
    const migration = new GuestCheckout1764000800000();
    await inMigrationTransaction(t.config.databaseUrl, async (runner) => {
      await migration.down(runner);
      const [row] = (await runner.query(
        `SELECT (SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'orders' AND column_name LIKE 'guest_%') AS columns,
                (SELECT count(*)::int FROM pg_constraint WHERE conname = 'payment_idempotency_keys_user_id_fkey') AS fkey`,
      )) as { columns: number; fkey: number }[];
      expect(row).toEqual({ columns: 0, fkey: 1 });
      await migration.up(runner);
    });
    const again = guest();
    await payAsGuest(info(again.email, { discountCode: undefined, amount: 45 }), again.ip, randomUUID()).expect(200);
  });
});
