import {
  ApiRoute,
  type LastAddressResponse,
  type Order,
  Role,
  type Session,
  SHIPPING_CITY_MAX,
  SHIPPING_COUNTRY_CODES,
  SHIPPING_LINE_MAX,
  SHIPPING_NAME_MAX,
  type ShippingAddress,
} from '@store/contract';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { lastAddressQuery } from '../src/modules/orders/orders.repository.js';
import { orderStatusCounts, pay, seedProduct, SHIPPING_ADDRESS, stockOf } from './support/checkout-fixtures.js';
import { explainPlan } from './support/query-plans.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

const HOME = SHIPPING_ADDRESS;

/**
 * The shipping address on a real Postgres: validated inside the payment, stored on the order
 * in the checkout's transaction, shown on every order read, list and export, and offered back by
 * `GET /user/{userId}/address/last`.
 */
describe('shipping address (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  let tee: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, buyer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t)]);
    tee = await seedProduct(t, { name: 'Address Tee', price: 10, stock: 1000 });
  });
  afterAll(() => t.close());

  const info = (shippingAddress?: unknown, nonce = 'fake-valid-nonce') => ({
    paymentMethodNonce: nonce,
    amount: 10,
    products: [{ _id: tee, count: 1 }],
    ...(shippingAddress === undefined ? {} : { shippingAddress }),
  });
  const get = (path: string, session: Session) => request(t.http).get(path).set('Authorization', `Bearer ${session.token}`);
  const lastAddress = async (session: Session): Promise<LastAddressResponse> =>
    (await get(api(ApiRoute.lastAddress, { userId: session.user._id }), session).expect(200)).body as LastAddressResponse;
  const storedAddress = async (orderId: string): Promise<unknown> =>
    ((await t.dataSource.query(`SELECT shipping_address FROM orders WHERE id = $1`, [orderId])) as { shipping_address: unknown }[])[0]
      .shipping_address;

  describe('validation (400, nothing reserved or stored)', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    it.each<[string, Record<string, unknown> | unknown, string]>([
      ['not an object', 'Main Street 1', 'shippingAddress'],
      ['no name', { ...HOME, name: undefined }, 'shippingAddress.name'],
      ['a blank name', { ...HOME, name: '   ' }, 'shippingAddress.name'],
      ['a name of invisible characters', { ...HOME, name: '\u200b\u200b' }, 'shippingAddress.name'],
      ['a name too long', { ...HOME, name: long(SHIPPING_NAME_MAX) }, 'shippingAddress.name'],
      ['a control character in line 1', { ...HOME, line1: '1 Main\u0007Street' }, 'shippingAddress.line1'],
      ['a newline in the city', { ...HOME, city: 'Spring\nfield' }, 'shippingAddress.city'],
      ['no line 1', { ...HOME, line1: undefined }, 'shippingAddress.line1'],
      ['line 1 too long', { ...HOME, line1: long(SHIPPING_LINE_MAX) }, 'shippingAddress.line1'],
      ['line 2 too long', { ...HOME, line2: long(SHIPPING_LINE_MAX) }, 'shippingAddress.line2'],
      ['line 2 of invisible characters', { ...HOME, line2: '\u200b' }, 'shippingAddress.line2'],
      ['no city', { ...HOME, city: '' }, 'shippingAddress.city'],
      ['a city too long', { ...HOME, city: long(SHIPPING_CITY_MAX) }, 'shippingAddress.city'],
      ['no postal code', { ...HOME, postalCode: undefined }, 'shippingAddress.postalCode'],
      ['a one-character postal code', { ...HOME, postalCode: '1' }, 'shippingAddress.postalCode'],
      ['a postal code with symbols', { ...HOME, postalCode: '12#45' }, 'shippingAddress.postalCode'],
      ['a postal code too long', { ...HOME, postalCode: '1234567890123' }, 'shippingAddress.postalCode'],
      ['a country outside the list', { ...HOME, country: 'XX' }, 'shippingAddress.country'],
      ['a country by name', { ...HOME, country: 'United States' }, 'shippingAddress.country'],
      ['a lower-case country code', { ...HOME, country: 'us' }, 'shippingAddress.country'],
      ['no country', { ...HOME, country: undefined }, 'shippingAddress.country'],
      ['a phone with letters', { ...HOME, phone: '555-CALL-NOW' }, 'shippingAddress.phone'],
      ['a phone with too few digits', { ...HOME, phone: '+1 234' }, 'shippingAddress.phone'],
      ['a phone as a number', { ...HOME, phone: 5550102030 }, 'shippingAddress.phone'],
      ['an unknown key', { ...HOME, state: 'IL' }, 'shippingAddress.state'],
    ])('refuses %s', async (_, address, field) => {
      const [before, stockBefore] = [await orderStatusCounts(t), await stockOf(t, tee)];
      const response = await pay(t, buyer, info(address)).expect(400);
      expect(response.body).toEqual({ error: expect.any(String), code: 'VALIDATION_FAILED', details: expect.any(Array) });
      expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(`paymentInfo.${field}`);
      expect(await orderStatusCounts(t)).toEqual(before);
      expect(await stockOf(t, tee)).toEqual(stockBefore);
    });

    it('names the rule that failed', async () => {
      const response = await pay(t, buyer, info({ ...HOME, country: 'XX' })).expect(400);
      expect(response.body.error).toBe(`shippingAddress.country must be one of ${SHIPPING_COUNTRY_CODES.join(', ')}`);
    });
  });

  describe('stored on the order', () => {
    it('keeps the address, trimmed, on the paid order and shows it on the order, both lists and the export', async () => {
      const response = await pay(t, buyer, info({ ...HOME, name: '  Sam Shopper ', city: ' Springfield\t' })).expect(200);
      const orderId = response.body.order._id as string;
      expect(await storedAddress(orderId)).toEqual(HOME);

      const one = (await get(api(ApiRoute.order, { orderId, userId: buyer.user._id }), buyer).expect(200)).body as Order;
      expect(one.shippingAddress).toEqual(HOME);
      const mine = (await get(api(ApiRoute.ordersOfUser, { userId: buyer.user._id }), buyer).expect(200)).body as Order[];
      expect(mine.find((order) => order._id === orderId)?.shippingAddress).toEqual(HOME);
      const all = (await get(api(ApiRoute.ordersAll, { userId: admin.user._id }), admin).expect(200)).body as Order[];
      expect(all.find((order) => order._id === orderId)?.shippingAddress).toEqual(HOME);

      const csv = await get(api(ApiRoute.ordersExport, { userId: admin.user._id }), admin)
        .buffer(true)
        .expect(200);
      const [header, ...rows] = csv.text.trimEnd().split('\r\n');
      const columns = header.split(',');
      const shipName = columns.indexOf('ship_name');
      expect(columns.slice(shipName, shipName + 7)).toEqual([
        'ship_name',
        'ship_line1',
        'ship_line2',
        'ship_city',
        'ship_postal_code',
        'ship_country',
        'ship_phone',
      ]);
      // The phone starts with + : a spreadsheet would read it as a formula, so it gets the apostrophe guard.
      expect(rows.find((row) => row.includes(orderId))).toMatch(
        /,Sam Shopper,1 Main Street,Apt 4,Springfield,12345,US,'\+1 \(555\) 010-2030,\d+\.\d{2},0\.00,0\.00,0\.00,no,,,0\.00$/,
      );
    });

    it('treats empty optional fields as absent', async () => {
      const response = await pay(t, buyer, info({ ...HOME, line2: '  ', phone: '' })).expect(200);
      const orderId = response.body.order._id as string;
      const { line2: _line2, phone: _phone, ...required } = HOME;
      expect(await storedAddress(orderId)).toEqual(required);
      const one = (await get(api(ApiRoute.order, { orderId, userId: buyer.user._id }), buyer).expect(200)).body as Order;
      expect(one.shippingAddress).toEqual(required);
      expect(Object.keys(one.shippingAddress!)).toEqual(['name', 'line1', 'city', 'postalCode', 'country']);
    });

    it('makes spreadsheet formulas in an address inert in the export, for semicolon-separated spreadsheets too', async () => {
      // A spreadsheet whose list separator is ";" splits "x;=1+1" into two cells, the second a formula, whatever
      // this file's commas and quotes say.
      const response = await pay(t, buyer, info({ ...HOME, name: '=HYPERLINK("x")', line1: '@SUM(A1)', line2: 'x;=1+1' })).expect(200);
      const orderId = response.body.order._id as string;
      const csv = await get(api(ApiRoute.ordersExport, { userId: admin.user._id }), admin)
        .buffer(true)
        .expect(200);
      expect(csv.text.split('\r\n').find((row) => row.includes(orderId))).toContain(`,"'=HYPERLINK(""x"")",'@SUM(A1),x;'=1+1,`);
    });

    it('still takes a payment without an address (a spec-only client); that order has none', async () => {
      const response = await pay(t, buyer, info()).expect(200);
      const orderId = response.body.order._id as string;
      expect(await storedAddress(orderId)).toBeNull();
      const one = (await get(api(ApiRoute.order, { orderId, userId: buyer.user._id }), buyer).expect(200)).body as Order;
      expect(one).not.toHaveProperty('shippingAddress');
    });

    it('keeps no address of a declined attempt (and does not offer it later)', async () => {
      const shopper = await signedInUser(t);
      const before = await orderStatusCounts(t);
      await pay(t, shopper, info(HOME, 'fake-processor-declined-visa-nonce')).expect(402);
      expect(await orderStatusCounts(t)).toEqual({ ...before, Failed: (before.Failed ?? 0) + 1 });
      expect(await lastAddress(shopper)).toEqual({ address: null });
    });

    it('puts the address in both confirmation mails', async () => {
      const response = await pay(t, buyer, info({ ...HOME, country: 'GB', postalCode: 'SW1A 1AA' })).expect(200);
      const rows = (await t.dataSource.query(`SELECT text_body AS body FROM mail_outbox WHERE order_id = $1 ORDER BY kind`, [
        response.body.order._id,
      ])) as { body: string }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.body).toContain(
          'Shipping to:\n  Sam Shopper\n  1 Main Street\n  Apt 4\n  Springfield\n  SW1A 1AA\n  GB (United Kingdom)\n  Phone: +1 (555) 010-2030',
        );
      }
    });
  });

  describe('Idempotency-Key', () => {
    it('replays a retry with the same address, however it is spaced', async () => {
      const key = randomUUID();
      const first = await pay(t, buyer, info(HOME), key).expect(200);
      const retry = await pay(t, buyer, info({ ...HOME, name: ` ${HOME.name} `, phone: HOME.phone }), key).expect(200);
      expect(retry.body).toEqual(first.body);
    });

    it('refuses the same key with another address (400): a different payment', async () => {
      const key = randomUUID();
      const first = await pay(t, buyer, info(HOME), key).expect(200);
      const before = await orderStatusCounts(t);
      const moved = await pay(t, buyer, info({ ...HOME, line1: '2 Other Road' }), key).expect(400);
      expect(moved.body.code).toBe('VALIDATION_FAILED');
      expect((await pay(t, buyer, info(), key).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect(await orderStatusCounts(t)).toEqual(before);
      expect(await storedAddress(first.body.order._id as string)).toEqual(HOME);
    });
  });

  describe('GET /user/{userId}/address/last', () => {
    it('answers null for a buyer with no order, and with only orders without an address', async () => {
      const shopper = await signedInUser(t);
      expect(await lastAddress(shopper)).toEqual({ address: null });
      await pay(t, shopper, info()).expect(200);
      expect(await lastAddress(shopper)).toEqual({ address: null });
    });

    it("answers the newest paid order's address, passing over later orders without one", async () => {
      const shopper = await signedInUser(t);
      const first: ShippingAddress = { name: 'Ann', line1: 'Old Road 1', city: 'Dublin', postalCode: 'D02 X285', country: 'IE' };
      const second: ShippingAddress = { ...first, line1: 'New Road 2', phone: '+353 1 234 5678' };
      await pay(t, shopper, info(first)).expect(200);
      expect(await lastAddress(shopper)).toEqual({ address: first });
      await pay(t, shopper, info(second)).expect(200);
      expect(await lastAddress(shopper)).toEqual({ address: second });
      await pay(t, shopper, info()).expect(200);
      expect(await lastAddress(shopper)).toEqual({ address: second });
      // Another buyer's orders never leak into this one's answer.
      await pay(t, buyer, info({ ...HOME, line1: 'Elsewhere 9' })).expect(200);
      expect(await lastAddress(shopper)).toEqual({ address: second });
    });

    it("is the signed-in buyer's own: 401 without a token, 403 for another user's id (an admin's too) or a malformed one", async () => {
      const shopper = await signedInUser(t);
      await request(t.http)
        .get(api(ApiRoute.lastAddress, { userId: shopper.user._id }))
        .expect(401);
      await get(api(ApiRoute.lastAddress, { userId: buyer.user._id }), shopper).expect(403);
      await get(api(ApiRoute.lastAddress, { userId: buyer.user._id }), admin).expect(403);
      expect((await get(api(ApiRoute.lastAddress, { userId: 'not-a-uuid' }), shopper).expect(403)).body.code).toBe('FORBIDDEN');
    });

    it('is read off the partial index, whatever else the buyer ordered', async () => {
      const shopper = await signedInUser(t);
      // 20,000 orders of another buyer and 2,000 of this buyer without an address: a scan would read them all.
      // Apart from the app's pool and its 5 s statement timeout: every row also goes through the rollup triggers.
      const seed = new pg.Client({ connectionString: t.db.url });
      await seed.connect();
      try {
        await seed.query(
          `INSERT INTO orders (user_id, user_name, status, amount_cents, transaction_id, created_at, shipping_address)
           SELECT CASE WHEN n % 10 = 0 THEN $1::uuid ELSE $2::uuid END, 'Bulk', 'Delivered', 1000, 'bulk',
                  now() - (n || ' minutes')::interval, CASE WHEN n % 10 = 0 THEN NULL ELSE $3::jsonb END
           FROM generate_series(1, 20000) n`,
          [shopper.user._id, buyer.user._id, JSON.stringify(HOME)],
        );
      } finally {
        await seed.end();
      }
      await t.dataSource.query('ANALYZE orders');
      const { summary, nodes } = await explainPlan(t.dataSource, lastAddressQuery, [shopper.user._id]);
      expect({ summary, seqScans: nodes.filter((node) => node['Node Type'] === 'Seq Scan').length }).toEqual({ summary, seqScans: 0 });
      expect(nodes.some((node) => node['Index Name'] === 'orders_paid_address_user_idx')).toBe(true);
      expect(nodes.some((node) => node['Node Type'] === 'Sort')).toBe(false);
    }, 120_000);
  });
});
