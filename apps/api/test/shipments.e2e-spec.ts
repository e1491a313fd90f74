import { ApiRoute, type Order, Role, type Session, type StaffRole } from '@store/contract';
import request from 'supertest';
import { paidOrder, seedProduct, setOrderStatus, SHIPPING_ADDRESS } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInAs, signedInUser, type TestApp } from './support/test-app.js';

const INVITATION = /\/staff\/join#([A-Za-z0-9_-]{43})/;

/** Shipments against the real API and Postgres: partial parcels, the status they move, the limits, the mail. */
describe('shipments (e2e)', () => {
  let t: TestApp;
  let owner: Session;
  let staff: Session;
  let readOnly: Session;
  let buyer: Session;
  let tee: string;
  let cap: string;

  const as = (session: Session) => signedInAs(t, session);

  /** Invites `email` as `staffRole`, accepts through the mailed link and signs the new member in. */
  async function member(staffRole: StaffRole): Promise<Session> {
    const email = `${staffRole}-${Date.now()}@example.com`;
    await as(owner)
      .post(api(ApiRoute.staffInvite, { userId: owner.user._id }))
      .send({ email, staffRole })
      .expect(201);
    const [mail] = (await t.dataSource.query(`SELECT text_body FROM mail_outbox WHERE kind = 'staff-invitation' AND recipient = $1`, [
      email,
    ])) as { text_body: string }[];
    const token = INVITATION.exec(mail.text_body)![1];
    const password = 'correct horse battery';
    await request(t.http).post(`/api${ApiRoute.staffAccept}`).send({ token, name: 'Sam Staff', password }).expect(201);
    return (await request(t.http).post(`/api${ApiRoute.signin}`).send({ email, password }).expect(200)).body as Session;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, Role.Admin);
    buyer = await signedInUser(t);
    staff = await member('staff');
    readOnly = await member('read-only');
    tee = await seedProduct(t, { name: 'Ship Tee', price: 10, stock: 100 });
    cap = await seedProduct(t, { name: 'Ship Cap', price: 5, stock: 100 });
  });
  afterAll(() => t?.close());

  /** A paid order of 2 tees and 3 caps, as the buyer reads it (its lines' variants are what a ship request names). */
  async function order(): Promise<Order> {
    const { orderId } = await paidOrder(t, buyer, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 35,
      products: [
        { _id: tee, count: 2 },
        { _id: cap, count: 3 },
      ],
      shippingAddress: SHIPPING_ADDRESS,
    });
    return (
      await as(buyer)
        .get(api(ApiRoute.order, { orderId, userId: buyer.user._id }))
        .expect(200)
    ).body as Order;
  }
  const variantOf = (o: Order, name: string) => o.products.find((line) => line.name === name)!.variant!;
  const ship = (by: Session, orderId: string, body: unknown) =>
    as(by)
      .post(api(ApiRoute.orderShipments, { orderId, userId: by.user._id }))
      .send(body as object);
  const deliver = (by: Session, orderId: string, shipmentId: string) =>
    as(by).post(api(ApiRoute.shipmentDelivered, { orderId, shipmentId, userId: by.user._id }));
  const shippedMails = async (orderId: string) =>
    (await t.dataSource.query(
      `SELECT recipient, subject, text_body, dedupe_key FROM mail_outbox WHERE kind = 'order-shipped' AND order_id = $1 ORDER BY created_at, id`,
      [orderId],
    )) as { recipient: string; subject: string; text_body: string; dedupe_key: string }[];
  const auditOf = async (orderId: string) =>
    (await t.dataSource.query(`SELECT action, changes FROM audit_log WHERE entity_id = $1 ORDER BY at, action`, [orderId])) as {
      action: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }[];

  it('ships one line, then the rest: the status follows, each parcel mails its tracking link', async () => {
    const o = await order();
    expect(o.shipments).toBeUndefined();

    // Staff (not only owners) ship: the tees first.
    const first = await ship(staff, o._id, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ variant: variantOf(o, 'Ship Tee'), count: 2 }],
    }).expect(201);
    const partly = first.body as Order;
    expect(partly.status).toBe('Processing');
    expect(partly.fulfilment).toBe('Partly shipped');
    expect(partly.shipments).toEqual([
      {
        _id: expect.any(String),
        carrier: 'ups',
        carrierName: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        lines: [
          {
            product: tee,
            variant: variantOf(o, 'Ship Tee'),
            name: 'Ship Tee',
            count: 2,
            ...(o.products[1].sku ? { sku: expect.any(String) } : {}),
          },
        ],
        shippedAt: expect.any(String),
      },
    ]);
    let mails = await shippedMails(o._id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: buyer.user.email, dedupe_key: partly.shipments![0]._id });
    expect(mails[0].subject).toMatch(/^Part of your order #\d+ has shipped$/);
    expect(mails[0].text_body).toContain('Track your parcel: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mails[0].text_body).toContain('  - Ship Tee x 2');
    expect(mails[0].text_body).toContain('we will write again when the rest ships');

    // The rest, in two parcels: one cap by Royal Mail, then two by a carrier without a tracking page.
    const second = (
      await ship(owner, o._id, {
        carrier: 'royal-mail',
        trackingNumber: 'AB 1234 5678 GB',
        lines: [{ variant: variantOf(o, 'Ship Cap'), count: 1 }],
      }).expect(201)
    ).body as Order;
    expect(second).toMatchObject({ status: 'Processing', fulfilment: 'Partly shipped' });
    expect(second.shipments![1].trackingUrl).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB12345678GB');
    const third = (
      await ship(owner, o._id, {
        carrier: 'other',
        trackingNumber: 'LOCAL-77',
        lines: [{ variant: variantOf(o, 'Ship Cap'), count: 2 }],
      }).expect(201)
    ).body as Order;
    expect(third).toMatchObject({ status: 'Shipped', fulfilment: 'Shipped' });
    expect(third.shipments).toHaveLength(3);
    expect(third.shipments![2]).not.toHaveProperty('trackingUrl');

    mails = await shippedMails(o._id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Part of/),
      expect.stringMatching(/^Part of/),
      expect.stringMatching(/^Your order #\d+ has shipped$/),
    ]);
    expect(mails[2].text_body).toContain('Tracking number: LOCAL-77');
    expect(mails[2].text_body).not.toContain('Track your parcel');

    // Nothing is left: another parcel is refused with the line's field.
    const none = await ship(owner, o._id, {
      carrier: 'dhl',
      trackingNumber: '1234567890',
      lines: [{ variant: variantOf(o, 'Ship Tee'), count: 1 }],
    }).expect(400);
    expect(none.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'lines.0.count', message: '"Ship Tee" has already shipped in full' }],
    });

    // Delivered parcel by parcel: the order becomes Delivered with the last.
    for (const [i, shipment] of third.shipments!.entries()) {
      const answer = (await deliver(staff, o._id, shipment._id).expect(200)).body as Order;
      expect(answer.status).toBe(i < 2 ? 'Shipped' : 'Delivered');
      expect(answer.fulfilment).toBe(i < 2 ? 'Shipped' : 'Delivered');
      expect(answer.shipments![i].deliveredAt).toEqual(expect.any(String));
    }
    await deliver(staff, o._id, third.shipments![0]._id).expect(409);

    // The buyer's list and detail show the parcels with their links.
    const mine = (
      await as(buyer)
        .get(api(ApiRoute.ordersOfUser, { userId: buyer.user._id }))
        .expect(200)
    ).body as Order[];
    expect(mine.find((candidate) => candidate._id === o._id)?.shipments?.map((s) => s.trackingNumber)).toEqual([
      '1Z999AA10123456784',
      'AB 1234 5678 GB',
      'LOCAL-77',
    ]);

    // Every step is in the audit trail: three parcels, three deliveries, the moves to Processing, Shipped and Delivered.
    const audit = await auditOf(o._id);
    expect(audit.filter((entry) => entry.action === 'order.ship')).toHaveLength(3);
    expect(audit.filter((entry) => entry.action === 'order.delivered')).toHaveLength(3);
    expect(audit.filter((entry) => entry.action === 'order.status').map((entry) => entry.changes.status)).toEqual([
      { before: 'Received', after: 'Processing' },
      { before: 'Processing', after: 'Shipped' },
      { before: 'Shipped', after: 'Delivered' },
    ]);
  });

  it('refuses over-shipping, unknown lines and bad input with a field message, and ships nothing', async () => {
    const o = await order();
    const teeVariant = variantOf(o, 'Ship Tee');
    const over = await ship(owner, o._id, {
      carrier: 'fedex',
      trackingNumber: '123456789012',
      lines: [{ variant: teeVariant, count: 3 }],
    }).expect(400);
    expect(over.body).toEqual({
      error: 'Cannot ship: lines.0.count at most 2 of "Ship Tee" left to ship',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'lines.0.count', message: 'at most 2 of "Ship Tee" left to ship' }],
    });
    const unknown = await ship(owner, o._id, {
      carrier: 'fedex',
      trackingNumber: '123456789012',
      lines: [{ variant: 999999, count: 1 }],
    }).expect(400);
    expect(unknown.body.details).toEqual([{ field: 'lines.0.variant', message: 'is not a line of this order' }]);
    const twice = await ship(owner, o._id, {
      carrier: 'fedex',
      trackingNumber: '123456789012',
      lines: [
        { variant: teeVariant, count: 1 },
        { variant: teeVariant, count: 1 },
      ],
    }).expect(400);
    expect(twice.body.details).toEqual([{ field: 'lines.1.variant', message: 'names a line already named' }]);
    const bad = await ship(owner, o._id, { carrier: 'pigeon', trackingNumber: '<b>', lines: [{ variant: teeVariant, count: 0 }] }).expect(
      400,
    );
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { field: 'carrier', message: 'carrier must be one of ups, usps, fedex, dhl, royal-mail, other' },
        { field: 'trackingNumber', message: 'trackingNumber may hold only letters, digits, spaces and hyphens' },
        { field: 'lines.0.count', message: 'each line count must be at least 1' },
      ]),
    );
    const empty = await ship(owner, o._id, { carrier: 'ups', trackingNumber: '1Z999', lines: [] }).expect(400);
    expect(empty.body.details).toEqual([{ field: 'lines', message: 'lines must name at least one line to ship' }]);

    const after = (
      await as(owner)
        .get(api(ApiRoute.order, { orderId: o._id, userId: owner.user._id }))
        .expect(200)
    ).body as Order;
    expect(after.status).toBe('Received');
    expect(after.shipments).toBeUndefined();
    expect(await shippedMails(o._id)).toEqual([]);
  });

  it('two admins shipping the same units at once: one parcel goes, the other is refused', async () => {
    const o = await order();
    const body = (n: number) => ({
      carrier: 'usps',
      trackingNumber: `9400 1000 0000 0000 0000 0${n}`,
      lines: [{ variant: variantOf(o, 'Ship Cap'), count: 2 }],
    });
    const answers = await Promise.all([ship(owner, o._id, body(1)), ship(staff, o._id, body(2)), ship(owner, o._id, body(3))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body.details).toEqual([{ field: 'lines.0.count', message: 'at most 1 of "Ship Cap" left to ship' }]);
    }
    const [{ shipped }] = (await t.dataSource.query(`SELECT sum(count)::int AS shipped FROM shipment_lines WHERE order_id = $1`, [
      o._id,
    ])) as {
      shipped: number;
    }[];
    expect(shipped).toBe(2);
    expect(await shippedMails(o._id)).toHaveLength(1);
  });

  it('keeps the status route working, and a shipped order cannot be cancelled', async () => {
    const plain = await order();
    await setOrderStatus(t, staff, plain._id, 'Processing').expect(200);
    await setOrderStatus(t, staff, plain._id, 'Shipped').expect(200);
    await setOrderStatus(t, staff, plain._id, 'Delivered').expect(200);

    const o = await order();
    await ship(owner, o._id, {
      carrier: 'dhl',
      trackingNumber: '1234567890',
      lines: [{ variant: variantOf(o, 'Ship Tee'), count: 1 }],
    }).expect(201);
    const refused = await setOrderStatus(t, owner, o._id, 'Cancelled').expect(409);
    expect(refused.body).toEqual({
      error: 'Part of the order has shipped, so it can no longer be cancelled; refund its lines instead',
      code: 'CONFLICT',
    });
    // A manual move to Shipped stands when the rest follows later.
    await setOrderStatus(t, owner, o._id, 'Shipped').expect(200);
    const rest = (
      await ship(owner, o._id, {
        carrier: 'dhl',
        trackingNumber: '1234567891',
        lines: [{ variant: variantOf(o, 'Ship Tee'), count: 1 }],
      }).expect(201)
    ).body as Order;
    expect(rest).toMatchObject({ status: 'Shipped', fulfilment: 'Partly shipped' });
  });

  it('only owners and staff ship; read-only staff and buyers are refused, other orders are not found', async () => {
    const o = await order();
    const body = { carrier: 'ups', trackingNumber: '1Z999AA1', lines: [{ variant: variantOf(o, 'Ship Tee'), count: 1 }] };
    expect((await ship(readOnly, o._id, body).expect(403)).body).toEqual({
      error: 'Your role (read-only) does not allow this',
      code: 'FORBIDDEN',
    });
    await ship(buyer, o._id, body).expect(403);
    await ship(owner, '00000000-0000-4000-8000-000000000000', body).expect(404);
    await deliver(owner, o._id, '00000000-0000-4000-8000-000000000000').expect(404);
    const cancelled = await order();
    await setOrderStatus(t, owner, cancelled._id, 'Cancelled').expect(200);
    expect((await ship(owner, cancelled._id, body).expect(409)).body).toEqual({ error: 'A Cancelled order cannot ship', code: 'CONFLICT' });
  });
});
