import { ApiRoute, type Order, type PricingAdmin, type Quote, Role, type Session } from '@store/contract';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { orderStatusCounts, pay, SHIPPING_ADDRESS, seedProduct, setOrderStatus, stockOf } from './support/checkout-fixtures.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { TestGateway } from '../src/modules/payments/test.gateway.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * Pricing (docs/pricing.md) against the real API and Postgres: the admin's rules, the quote, the payment priced again
 * (409 with the new quote), the stored breakdown, discount codes counted exactly under concurrency and given back.
 */
describe('pricing (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let buyer: Session;
  let tee: string;
  let mug: string;
  let teeCategory: string;

  beforeAll(async () => {
    t = await createTestApp({ pricingRulesCacheSeconds: 0 });
    admin = await signedInUser(t, Role.Admin);
    buyer = await signedInUser(t);
    tee = await seedProduct(t, { name: 'Pricing Tee', price: 19.99, stock: 1000 });
    mug = await seedProduct(t, { name: 'Pricing Mug', price: 10.01, stock: 1000 });
    // The mug in a category of its own, so a code limited to the tees' category leaves it out.
    const [mugs] = (await t.dataSource.query(`INSERT INTO categories (name) VALUES ('Pricing Mugs') RETURNING id`)) as { id: string }[];
    await t.dataSource.query(`UPDATE products SET category_id = $1 WHERE id = $2`, [mugs.id, mug]);
    [{ category_id: teeCategory }] = (await t.dataSource.query(`SELECT category_id FROM products WHERE id = $1`, [tee])) as {
      category_id: string;
    }[];
  });
  afterAll(() => t.close());

  const as = (session: Session) => ({
    get: (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${session.token}`),
    post: (path: string, body: object) => request(t.http).post(path).set('Authorization', `Bearer ${session.token}`).send(body),
    put: (path: string, body: object) => request(t.http).put(path).set('Authorization', `Bearer ${session.token}`).send(body),
    delete: (path: string) => request(t.http).delete(path).set('Authorization', `Bearer ${session.token}`),
  });
  const userId = (session: Session) => ({ userId: session.user._id });
  const quote = (body: object, session = buyer) => as(session).post(api(ApiRoute.quote, userId(session)), body);
  const cart = () => [
    { _id: tee, count: 2 },
    { _id: mug, count: 1 },
  ];
  const codeUses = async (code: string): Promise<number> =>
    (
      (await t.dataSource.query(`SELECT uses FROM discount_codes WHERE upper(code) = upper($1) AND deleted_at IS NULL`, [code])) as {
        uses: number;
      }[]
    )[0].uses;
  const createCode = (body: object) =>
    as(admin)
      .post(api(ApiRoute.discountCodeCreate, userId(admin)), body)
      .expect(201);
  it("prices each line at the variant it names, as the payment charges it: its own price, else the product's", async () => {
    await resetRules();
    // A tee in two colours, the Gold one dearer: the default variant becomes Black, and Gold is added.
    const product = await seedProduct(t, { name: 'Variant Price Tee', price: 20, stock: 10 });
    const [option] = (await t.dataSource.query(
      `INSERT INTO product_options (product_id, name, position) VALUES ($1, 'Colour', 0) RETURNING id`,
      [product],
    )) as { id: number }[];
    const values = (await t.dataSource.query(
      `INSERT INTO product_option_values (option_id, value, position) VALUES ($1, 'Black', 0), ($1, 'Gold', 1) RETURNING id`,
      [option.id],
    )) as { id: number }[];
    // An UPDATE answers [rows, count] through TypeORM.
    const [[black]] = (await t.dataSource.query(
      `UPDATE product_variants SET option1_value_id = $2, stock = 5 WHERE product_id = $1 RETURNING id`,
      [product, values[0].id],
    )) as [{ id: number }[], number];
    const [gold] = (await t.dataSource.query(
      `INSERT INTO product_variants (product_id, sku, option1_value_id, stock, price_cents, position) VALUES ($1, 'VPT-GOLD', $2, 5, 2550, 1) RETURNING id`,
      [product, values[1].id],
    )) as { id: number }[];
    const products = [
      { _id: product, variant: gold.id, count: 2 },
      { _id: product, variant: black.id, count: 1 },
    ];
    const quoted = (await quote({ products }).expect(200)).body as Quote;
    expect(quoted.lines.map((line) => [line.variant, line.price, line.count])).toEqual(
      expect.arrayContaining([
        [gold.id, 25.5, 2],
        [black.id, 20, 1],
      ]),
    );
    expect(quoted.total).toBe(71);
    // The payment charges exactly what was quoted.
    const paid = await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: quoted.total, products }).expect(200);
    expect(paid.body).toMatchObject({ success: true });
    // A variant of another product is refused, as the payment refuses it.
    const refused = await quote({ products: [{ _id: tee, variant: gold.id, count: 1 }] }).expect(409);
    expect(refused.body.details).toEqual([{ field: 'products', message: expect.stringContaining('not sold') }]);
  });

  const resetRules = async () => {
    await t.dataSource.query(`DELETE FROM shipping_zones; DELETE FROM tax_rates; UPDATE pricing_settings SET prices_include_tax = false`);
  };

  describe('a shop with no shipping, taxes or codes (the original client)', () => {
    it('quotes and charges exactly the sum of the items, and the order reads as before', async () => {
      const answer = (await quote({ products: cart() }).expect(200)).body as Quote;
      expect(answer).toMatchObject({
        subtotal: 49.99,
        discount: 0,
        shipping: 0,
        tax: 0,
        total: 49.99,
        shippingMethods: [],
        taxes: [],
        needsDestination: false,
      });
      const paid = await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 49.99, products: cart() }).expect(200);
      expect(paid.body.transaction.amount).toBe(49.99);
      const order = (
        await as(buyer)
          .get(api(ApiRoute.order, { orderId: paid.body.order._id, ...userId(buyer) }))
          .expect(200)
      ).body as Order;
      expect(order.pricing).toBeUndefined();
      expect(order.products[0]).not.toHaveProperty('discount');
    });
  });

  describe('the admin screen', () => {
    afterAll(resetRules);

    it('creates a zone, a method, a tax rate and a code, and shows them with usage', async () => {
      const zone = (
        await as(admin)
          .post(api(ApiRoute.shippingZoneCreate, userId(admin)), { name: 'North America', countries: ['US', 'CA'] })
          .expect(201)
      ).body as PricingAdmin;
      const zoneId = zone.zones[0]._id;
      await as(admin)
        .post(api(ApiRoute.shippingMethodCreate, userId(admin)), { zone: zoneId, name: 'Standard', price: 5, freeOver: 100 })
        .expect(201);
      await as(admin)
        .post(api(ApiRoute.taxRateCreate, userId(admin)), { country: 'US', name: 'Sales tax', rate: 5 })
        .expect(201);
      await createCode({ code: 'Admin10', kind: 'percentage', value: 10, maxUses: 3 });
      const screen = (
        await as(admin)
          .get(api(ApiRoute.pricingAdmin, userId(admin)))
          .expect(200)
      ).body as PricingAdmin;
      expect(screen).toEqual({
        settings: { pricesIncludeTax: false },
        zones: [
          {
            _id: zoneId,
            name: 'North America',
            countries: ['US', 'CA'],
            methods: [{ _id: expect.any(String), zone: zoneId, name: 'Standard', price: 5, freeOver: 100 }],
          },
        ],
        taxRates: [{ _id: expect.any(String), country: 'US', region: '', name: 'Sales tax', rate: 5 }],
        discountCodes: [expect.objectContaining({ code: 'ADMIN10', kind: 'percentage', value: 10, maxUses: 3, uses: 0, discountGiven: 0 })],
      });
      const audit = (
        await as(admin)
          .get(`${api(ApiRoute.audit, userId(admin))}?limit=10`)
          .expect(200)
      ).body as Array<{ action: string }>;
      expect(audit.filter((entry) => entry.action === 'pricing.create')).toHaveLength(4);
    });

    it('refuses bad input field by field and changes nothing', async () => {
      const before = (
        await as(admin)
          .get(api(ApiRoute.pricingAdmin, userId(admin)))
          .expect(200)
      ).body as PricingAdmin;
      const zone = await as(admin)
        .post(api(ApiRoute.shippingZoneCreate, userId(admin)), { name: 'Nowhere', countries: ['XX'] })
        .expect(400);
      expect(zone.body.details[0].field).toBe('countries');
      const rate = await as(admin)
        .post(api(ApiRoute.taxRateCreate, userId(admin)), { country: 'US', name: 'Again', rate: 6 })
        .expect(409);
      expect(rate.body.error).toBe('US already has a tax rate; delete it first');
      const code = await as(admin)
        .post(api(ApiRoute.discountCodeCreate, userId(admin)), { code: 'admin10', kind: 'fixed', value: 5 })
        .expect(409);
      expect(code.body).toEqual({
        error: 'The code ADMIN10 already exists',
        code: 'CONFLICT',
        details: [{ field: 'code', message: 'already exists' }],
      });
      const percent = await as(admin)
        .post(api(ApiRoute.discountCodeCreate, userId(admin)), { code: 'TOOMUCH', kind: 'percentage', value: 120 })
        .expect(400);
      expect(percent.body.details[0].field).toBe('value');
      const method = await as(admin)
        .post(api(ApiRoute.shippingMethodCreate, userId(admin)), { zone: randomUUID(), name: 'Lost', price: 1 })
        .expect(400);
      expect(method.body.details).toEqual([{ field: 'zone', message: 'no such shipping zone' }]);
      expect(
        (
          await as(admin)
            .get(api(ApiRoute.pricingAdmin, userId(admin)))
            .expect(200)
        ).body,
      ).toEqual(before);
    });

    it('is for the shop people: a customer is refused', async () => {
      await as(buyer)
        .get(api(ApiRoute.pricingAdmin, userId(buyer)))
        .expect(403);
      await as(buyer)
        .post(api(ApiRoute.taxRateCreate, userId(buyer)), { country: 'CA', name: 'GST', rate: 5 })
        .expect(403);
    });
  });

  describe('shipping, tax and codes', () => {
    let standard: string;
    let express: string;

    beforeAll(async () => {
      await resetRules();
      const zones = (
        await as(admin)
          .post(api(ApiRoute.shippingZoneCreate, userId(admin)), { name: 'Americas', countries: ['US', 'CA'] })
          .expect(201)
      ).body as PricingAdmin;
      await as(admin)
        .post(api(ApiRoute.shippingZoneCreate, userId(admin)), { name: 'Germany', countries: ['DE'] })
        .expect(201);
      const zoneId = zones.zones[0]._id;
      await as(admin)
        .post(api(ApiRoute.shippingMethodCreate, userId(admin)), { zone: zoneId, name: 'Standard', price: 5, freeOver: 100 })
        .expect(201);
      const screen = (
        await as(admin)
          .post(api(ApiRoute.shippingMethodCreate, userId(admin)), { zone: zoneId, name: 'Express', price: 15 })
          .expect(201)
      ).body as PricingAdmin;
      const germany = screen.zones.find((zone) => zone.name === 'Germany')!;
      await as(admin)
        .post(api(ApiRoute.shippingMethodCreate, userId(admin)), { zone: germany._id, name: 'DHL', price: 4.9 })
        .expect(201);
      [standard, express] = ['Standard', 'Express'].map((name) => screen.zones[0].methods.find((m) => m.name === name)!._id);
      await as(admin)
        .post(api(ApiRoute.taxRateCreate, userId(admin)), { country: 'US', name: 'Sales tax', rate: 5 })
        .expect(201);
      await as(admin)
        .post(api(ApiRoute.taxRateCreate, userId(admin)), { country: 'US', region: 'ny', name: 'NY sales tax', rate: 8.875 })
        .expect(201);
      await createCode({ code: 'TEES10', kind: 'percentage', value: 10, categories: [teeCategory] });
      await createCode({ code: 'OLD', kind: 'fixed', value: 5, validUntil: '2020-01-01T00:00:00Z' });
      await createCode({ code: 'LATER', kind: 'fixed', value: 5, validFrom: '2099-01-01T00:00:00Z' });
      await createCode({ code: 'BIGSPEND', kind: 'fixed', value: 5, minSubtotal: 500 });
      await createCode({ code: 'GONE', kind: 'fixed', value: 5, maxUses: 1 });
      await t.dataSource.query(`UPDATE discount_codes SET uses = 1 WHERE code = 'GONE'`);
      await createCode({ code: 'SHIPFREE', kind: 'free-shipping', value: 0 });
      await createCode({ code: 'MUGSONLY', kind: 'fixed', value: 3, products: [randomUUID()] });
    });

    it('offers the methods of the country, prices the chosen one and adds the regional tax per line', async () => {
      const answer = (await quote({ products: cart(), destination: { country: 'US', region: 'NY' }, shippingMethod: express }).expect(200))
        .body as Quote;
      expect(answer.shippingMethods).toEqual([
        { id: standard, name: 'Standard', price: 5 },
        { id: express, name: 'Express', price: 15 },
      ]);
      // 39.98 x 8.875% = 3.548 -> 3.55; 10.01 x 8.875% = 0.888 -> 0.89
      expect(answer.lines.map((line) => [line.name, line.tax])).toEqual([
        ['Pricing Mug', 0.89],
        ['Pricing Tee', 3.55],
      ]);
      expect(answer).toMatchObject({
        subtotal: 49.99,
        shipping: 15,
        tax: 4.44,
        total: 69.43,
        shippingMethod: { id: express, name: 'Express' },
      });
      expect(answer.taxes).toEqual([{ name: 'NY sales tax', rate: 8.875, amount: 4.44 }]);
      // The regions with a rate of their own, so the checkout asks for one (pricing.spec.ts: none for a country without).
      expect(answer.taxRegions).toEqual(['NY']);
    });

    it("charges the region's rate at payment (any case) and the country's for any other region, and stores it", async () => {
      const pricedFor = async (region: string | undefined) => {
        const destination = { country: 'US', ...(region ? { region } : {}) };
        const fresh = (await quote({ products: cart(), destination, shippingMethod: standard }).expect(200)).body as Quote;
        const paid = await pay(t, buyer, {
          paymentMethodNonce: 'fake-valid-nonce',
          products: cart(),
          shippingAddress: SHIPPING_ADDRESS,
          shippingMethod: standard,
          ...(region ? { region } : {}),
          amount: fresh.total,
        }).expect(200);
        const order = (
          await as(buyer)
            .get(api(ApiRoute.order, { orderId: paid.body.order._id, ...userId(buyer) }))
            .expect(200)
        ).body as Order;
        return { quoted: fresh, order };
      };
      const ny = await pricedFor('ny');
      // 49.99 + 5.00 + 4.44 (8.875% per line: 3.55 + 0.89)
      expect(ny.quoted.total).toBe(59.43);
      expect(ny.order.pricing!.taxes).toEqual([{ name: 'NY sales tax', rate: 8.875, amount: 4.44 }]);
      const oregon = await pricedFor('OR');
      expect(oregon.order.pricing!.taxes).toEqual([{ name: 'Sales tax', rate: 5, amount: 2.5 }]);
      // A payment whose region is not the quoted one is priced for its own region: 409 with that quote.
      const answer = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        products: cart(),
        shippingAddress: SHIPPING_ADDRESS,
        shippingMethod: standard,
        region: 'NY',
        amount: oregon.quoted.total,
      }).expect(409);
      expect(answer.body.quote.total).toBe(59.43);
    });

    it('applies a code of any case to the lines it reaches', async () => {
      const answer = (
        await quote({ products: cart(), destination: { country: 'US' }, shippingMethod: standard, discountCode: ' tees10 ' }).expect(200)
      ).body as Quote;
      expect(answer.lines.map((line) => [line.name, line.discount])).toEqual([
        ['Pricing Mug', 0],
        ['Pricing Tee', 4],
      ]);
      expect(answer).toMatchObject({ discount: 4, discountCode: 'TEES10', shipping: 5 });
      // (39.98 - 4) x 5% = 1.799 -> 1.80; 10.01 x 5% = 0.5005 -> 0.50
      expect(answer.tax).toBe(2.3);
      expect(answer.total).toBe(49.99 - 4 + 5 + 2.3);
      const free = (await quote({ products: cart(), destination: { country: 'CA' }, discountCode: 'shipfree' }).expect(400)).body;
      expect(free.details).toEqual([
        { field: 'destination.country', message: 'No tax rate is set for Canada, so the shop cannot sell there yet' },
      ]);
    });

    it.each([
      ['an unknown code', { discountCode: 'NOPE' }, 400, 'discountCode', 'There is no discount code NOPE'],
      ['an expired code', { discountCode: 'old' }, 400, 'discountCode', 'The code OLD expired on 2020-01-01'],
      ['a code not valid yet', { discountCode: 'later' }, 400, 'discountCode', 'The code LATER is not valid until 2099-01-01'],
      ['a used-up code', { discountCode: 'gone' }, 409, 'discountCode', 'The code GONE has been used up'],
      [
        'a code under its minimum',
        { discountCode: 'bigspend' },
        400,
        'discountCode',
        'The code BIGSPEND needs a subtotal of at least $500.00',
      ],
      [
        'an inapplicable code',
        { discountCode: 'mugsonly' },
        400,
        'discountCode',
        'The code MUGSONLY does not apply to anything in your cart',
      ],
      ['a country with no method', { destination: { country: 'FR' } }, 400, 'destination.country', 'We do not ship to France yet'],
      [
        'a method not offered there',
        { destination: { country: 'US' }, shippingMethod: randomUUID() },
        400,
        'shippingMethod',
        'This shipping method is not offered for United States; choose one of Standard, Express',
      ],
      [
        'a missing tax rate',
        { destination: { country: 'DE' } },
        400,
        'destination.country',
        'No tax rate is set for Germany, so the shop cannot sell there yet',
      ],
    ])('quotes %s as a field-level refusal', async (_, extra, status, field, message) => {
      const body = { products: cart(), destination: { country: 'US' }, ...extra };
      const response = await quote(body).expect(status);
      expect(response.body).toEqual({
        error: message,
        code: status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED',
        details: [{ field, message }],
      });
    });

    it('refuses the same at payment, reserving and charging nothing', async () => {
      const before = await stockOf(t, tee);
      const counts = await orderStatusCounts(t);
      const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 54.99, products: cart(), shippingAddress: SHIPPING_ADDRESS };
      const noMethod = await pay(t, buyer, info).expect(400);
      expect(noMethod.body.details).toEqual([{ field: 'paymentInfo.shippingMethod', message: 'Choose a shipping method' }]);
      const noAddress = await pay(t, buyer, { ...info, shippingAddress: undefined, shippingMethod: standard }).expect(400);
      expect(noAddress.body.details[0].field).toBe('paymentInfo.shippingAddress.country');
      const badCode = await pay(t, buyer, { ...info, shippingMethod: standard, discountCode: 'old' }).expect(400);
      expect(badCode.body.details[0]).toEqual({ field: 'paymentInfo.discountCode', message: 'The code OLD expired on 2020-01-01' });
      const france = await pay(t, buyer, {
        ...info,
        shippingAddress: { ...SHIPPING_ADDRESS, country: 'FR' },
        shippingMethod: standard,
      }).expect(400);
      expect(france.body.details[0]).toEqual({ field: 'paymentInfo.shippingAddress.country', message: 'We do not ship to France yet' });
      expect(await stockOf(t, tee)).toEqual(before);
      expect(await orderStatusCounts(t)).toEqual(counts);
    });

    it('answers a stale total with 409 and the new quote, then charges the quote and stores its whole breakdown', async () => {
      const fresh = (
        await quote({ products: cart(), destination: { country: 'US' }, shippingMethod: standard, discountCode: 'TEES10' }).expect(200)
      ).body as Quote;
      const info = {
        paymentMethodNonce: 'fake-valid-nonce',
        products: cart(),
        shippingAddress: SHIPPING_ADDRESS,
        shippingMethod: standard,
        discountCode: 'tees10',
      };
      const stale = await pay(t, buyer, { ...info, amount: 49.99 }).expect(409);
      expect(stale.body).toMatchObject({
        code: 'CONFLICT',
        error: `The cart total is $${fresh.total.toFixed(2)}, not $49.99; prices have changed, review your cart`,
        details: [{ field: 'paymentInfo.amount', message: `must be ${fresh.total}` }],
        quote: fresh,
      });
      const before = await stockOf(t, tee);
      const paid = await pay(t, buyer, { ...info, amount: fresh.total }).expect(200);
      expect(paid.body.transaction.amount).toBe(fresh.total);
      expect(await stockOf(t, tee)).toEqual({ stock: before.stock - 2, sold: before.sold + 2 });
      const order = (
        await as(buyer)
          .get(api(ApiRoute.order, { orderId: paid.body.order._id, ...userId(buyer) }))
          .expect(200)
      ).body as Order;
      expect(order.amount).toBe(fresh.total);
      expect(order.pricing).toEqual({
        subtotal: 49.99,
        discount: 4,
        shipping: 5,
        tax: 2.3,
        pricesIncludeTax: false,
        taxes: [{ name: 'Sales tax', rate: 5, amount: 2.3 }],
        shippingMethod: 'Standard',
        discountCode: 'TEES10',
      });
      expect(order.products.map((line) => [line.name, line.discount, line.tax])).toEqual([
        ['Pricing Mug', 0, 0.5],
        ['Pricing Tee', 4, 1.8],
      ]);
      expect(await codeUses('TEES10')).toBe(1);

      // The confirmation e-mail and the admin's CSV export say how the total was made up.
      const [mail] = (await t.dataSource.query(`SELECT text_body FROM mail_outbox WHERE order_id = $1 AND kind = 'order-confirmation'`, [
        order._id,
      ])) as { text_body: string }[];
      expect(mail.text_body).toContain(
        [
          'Subtotal: $49.99',
          'Discount (TEES10): -$4.00',
          'Shipping (Standard): $5.00',
          'Sales tax 5%: $2.30',
          `Total: $${fresh.total.toFixed(2)}`,
        ].join('\n'),
      );
      const csv = await as(admin)
        .get(api(ApiRoute.ordersExport, userId(admin)))
        .buffer(true)
        .expect(200);
      expect(csv.text.split('\r\n').find((line) => line.includes(order._id))).toMatch(
        /,49\.99,4\.00,5\.00,2\.30,no,Standard,TEES10,0\.00$/,
      );
    });

    it('refunds a line its share: price x count less its discount plus its tax; a cancel returns the rest with shipping', async () => {
      const fresh = (
        await quote({ products: cart(), destination: { country: 'US' }, shippingMethod: standard, discountCode: 'TEES10' }).expect(200)
      ).body as Quote;
      const paid = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        products: cart(),
        shippingAddress: SHIPPING_ADDRESS,
        shippingMethod: standard,
        discountCode: 'TEES10',
        amount: fresh.total,
      }).expect(200);
      const orderId = paid.body.order._id as string;
      (t.app.get(PaymentGateway) as TestGateway).settle(paid.body.transaction.id as string);
      const refunded = (
        await as(admin)
          .post(api(ApiRoute.orderLineRefund, { orderId, ...userId(admin) }), { product: tee })
          .expect(200)
      ).body as Order;
      // The tees: 39.98 - 4.00 discount + 1.80 tax = 37.78 (their line of the quote).
      const teeLine = fresh.lines.find((line) => line.product === tee)!;
      expect(refunded.products.find((line) => line.product === tee)!.refund!.amount).toBe(teeLine.total);
      expect(teeLine.total).toBe(37.78);
      const cancelled = (await setOrderStatus(t, admin, orderId, 'Cancelled').expect(200)).body as Order;
      // What is left: the mug with its tax (10.51) and the shipping (5.00).
      expect(cancelled.refund!.amount).toBe(Math.round((fresh.total - teeLine.total) * 100) / 100);
      expect(cancelled.refund!.amount).toBe(15.51);
    });

    it('refunds the shipping on its own, once, owners only, audited; a cancel then returns the rest', async () => {
      const fresh = (await quote({ products: cart(), destination: { country: 'US' }, shippingMethod: express }).expect(200)).body as Quote;
      const paid = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        products: cart(),
        shippingAddress: SHIPPING_ADDRESS,
        shippingMethod: express,
        amount: fresh.total,
      }).expect(200);
      const orderId = paid.body.order._id as string;
      const refundShipping = (session: Session) => as(session).post(api(ApiRoute.orderShippingRefund, { orderId, ...userId(session) }), {});

      // A partial refund needs a settled charge: before that, 409 and nothing recorded.
      const unsettled = await refundShipping(admin).expect(409);
      expect(unsettled.body.error).toMatch(/has not settled yet/);
      (t.app.get(PaymentGateway) as TestGateway).settle(paid.body.transaction.id as string);
      await refundShipping(buyer).expect(403);

      const refunded = (await refundShipping(admin).expect(200)).body as Order;
      expect(refunded.pricing!.shipping).toBe(15);
      expect(refunded.pricing!.shippingRefund).toEqual({ id: expect.any(String), amount: 15, at: expect.any(String) });
      expect(refunded.status).toBe('Received');
      const again = await refundShipping(admin).expect(409);
      expect(again.body.error).toBe('The shipping of this order was already refunded');
      const [audit] = (await t.dataSource.query(
        `SELECT actor_id, changes FROM audit_log WHERE entity_id = $1 AND action = 'order.refund'`,
        [orderId],
      )) as { actor_id: string; changes: Record<string, { after: { amount: number; method: string } }> }[];
      expect(audit.actor_id).toBe(admin.user._id);
      expect(audit.changes.shipping.after).toMatchObject({ amount: 15, kind: 'refund', method: 'Express' });

      // The buyer's view shows it too; a cancel gives back what is left (the items and their tax, not the shipping again).
      const mine = (
        await as(buyer)
          .get(api(ApiRoute.order, { orderId, ...userId(buyer) }))
          .expect(200)
      ).body as Order;
      expect(mine.pricing!.shippingRefund!.amount).toBe(15);
      const cancelled = (await setOrderStatus(t, admin, orderId, 'Cancelled').expect(200)).body as Order;
      expect(cancelled.refund!.amount).toBe(Math.round((fresh.total - 15) * 100) / 100);
      await refundShipping(admin).expect(409);
    });

    it('refuses to refund the shipping of an order that paid none', async () => {
      const paid = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        products: [{ _id: tee, count: 6 }],
        shippingAddress: SHIPPING_ADDRESS,
        shippingMethod: standard,
        // Over the Standard method's free-over 100: no shipping. 119.94 + 5% = 125.94 (6.00 tax).
        amount: 125.94,
      }).expect(200);
      (t.app.get(PaymentGateway) as TestGateway).settle(paid.body.transaction.id as string);
      const answer = await as(admin)
        .post(api(ApiRoute.orderShippingRefund, { orderId: paid.body.order._id, ...userId(admin) }), {})
        .expect(409);
      expect(answer.body).toMatchObject({ code: 'CONFLICT', error: 'This order paid nothing for shipping, so there is nothing to refund' });
    });

    it('covers every pricing input in the Idempotency-Key fingerprint', async () => {
      const key = randomUUID();
      const fresh = (await quote({ products: cart(), destination: { country: 'US' }, shippingMethod: express }).expect(200)).body as Quote;
      const info = {
        paymentMethodNonce: 'fake-valid-nonce',
        products: cart(),
        shippingAddress: SHIPPING_ADDRESS,
        shippingMethod: express,
        amount: fresh.total,
      };
      await pay(t, buyer, info, key).expect(200);
      await pay(t, buyer, { ...info, shippingMethod: standard }, key).expect(400);
      await pay(t, buyer, { ...info, discountCode: 'TEES10' }, key).expect(400);
      await pay(t, buyer, { ...info, region: 'NY' }, key).expect(400);
      const replay = await pay(t, buyer, info, key).expect(200);
      expect(replay.body.transaction.amount).toBe(fresh.total);
    });

    it('shows an EU shop its prices with VAT included', async () => {
      await as(admin)
        .put(api(ApiRoute.pricingSettings, userId(admin)), { pricesIncludeTax: true })
        .expect(200);
      await as(admin)
        .post(api(ApiRoute.taxRateCreate, userId(admin)), { country: 'DE', name: 'MwSt', rate: 19 })
        .expect(201);
      try {
        // Anyone may ask how shelf prices read: the catalogue's "incl. VAT".
        expect((await request(t.http).get(api(ApiRoute.priceDisplay, {})).expect(200)).body).toEqual({ pricesIncludeTax: true });
        const answer = (await quote({ products: cart(), destination: { country: 'DE' } }).expect(200)).body as Quote;
        // 39.98 contains 39.98 - 39.98/1.19 = 6.38; 10.01 contains 1.60
        expect(answer).toMatchObject({ pricesIncludeTax: true, subtotal: 49.99, shipping: 4.9, tax: 7.98, total: 54.89 });
      } finally {
        await as(admin)
          .put(api(ApiRoute.pricingSettings, userId(admin)), { pricesIncludeTax: false })
          .expect(200);
      }
      expect((await request(t.http).get(api(ApiRoute.priceDisplay, {})).expect(200)).body).toEqual({ pricesIncludeTax: false });
    });
  });

  describe('discount code uses', () => {
    beforeAll(resetRules);

    it('counts exactly under concurrency: 20 buyers racing for a code with 5 uses left get 5 discounted orders', async () => {
      await createCode({ code: 'RACE', kind: 'fixed', value: 1, maxUses: 8 });
      await t.dataSource.query(`UPDATE discount_codes SET uses = 3 WHERE code = 'RACE'`);
      const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t)));
      const before = await stockOf(t, tee);
      const answers = await Promise.all(
        buyers.map((b) =>
          pay(t, b, { paymentMethodNonce: 'fake-valid-nonce', amount: 18.99, products: [{ _id: tee, count: 1 }], discountCode: 'race' }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(15);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body.details).toEqual([{ field: 'paymentInfo.discountCode', message: 'The code RACE has been used up' }]);
      }
      expect(await codeUses('RACE')).toBe(8);
      const [{ n }] = (await t.dataSource.query(
        `SELECT count(*)::int AS n FROM orders WHERE discount_code = 'RACE' AND status = 'Received' AND amount_cents = 1899`,
      )) as { n: number }[];
      expect(n).toBe(5);
      expect(await stockOf(t, tee)).toEqual({ stock: before.stock - 5, sold: before.sold + 5 });
    });

    it('limits uses per customer (by e-mail)', async () => {
      await createCode({ code: 'ONCE', kind: 'fixed', value: 1, maxUsesPerCustomer: 1 });
      const info = { paymentMethodNonce: 'fake-valid-nonce', amount: 18.99, products: [{ _id: tee, count: 1 }], discountCode: 'once' };
      await pay(t, buyer, info).expect(200);
      const again = await pay(t, buyer, info).expect(409);
      expect(again.body.details).toEqual([{ field: 'paymentInfo.discountCode', message: 'You have already used the code ONCE' }]);
      const quoted = await quote({ products: [{ _id: tee, count: 1 }], discountCode: 'ONCE' }).expect(409);
      expect(quoted.body.details[0].field).toBe('discountCode');
      await pay(t, await signedInUser(t), info).expect(200);
    });

    it('gives a use back when the payment is declined and when the order is cancelled', async () => {
      await createCode({ code: 'BACK', kind: 'fixed', value: 1, maxUses: 1 });
      const big = await seedProduct(t, { name: 'Declined Tee', price: 2500, stock: 5 });
      // $2499.00 falls in the test gateway's declined range.
      await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 2499,
        products: [{ _id: big, count: 1 }],
        discountCode: 'BACK',
      }).expect(402);
      expect(await codeUses('BACK')).toBe(0);
      const paid = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 18.99,
        products: [{ _id: tee, count: 1 }],
        discountCode: 'BACK',
      }).expect(200);
      expect(await codeUses('BACK')).toBe(1);
      const screen = (
        await as(admin)
          .get(api(ApiRoute.pricingAdmin, userId(admin)))
          .expect(200)
      ).body as PricingAdmin;
      expect(screen.discountCodes.find((code) => code.code === 'BACK')).toMatchObject({ uses: 1, discountGiven: 1 });
      await setOrderStatus(t, admin, paid.body.order._id as string, 'Cancelled').expect(200);
      expect(await codeUses('BACK')).toBe(0);
      await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 18.99,
        products: [{ _id: tee, count: 1 }],
        discountCode: 'back',
      }).expect(200);
    });
  });
});
