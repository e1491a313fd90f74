import { randomUUID } from 'node:crypto';
import {
  ApiRoute,
  fromCents,
  NEXT_CURSOR_HEADER,
  type Order,
  type OrderPricing,
  type OrderStatus,
  PRODUCT_SIZES,
  Role,
  type Session,
  TOTAL_COUNT_HEADER,
} from '@store/contract';
import request from 'supertest';
import { In, Not } from 'typeorm';
import { OrderLineEntity } from '../src/modules/orders/order-line.entity.js';
import { fulfilmentOf, toShipments, toShippingAddress } from '../src/modules/orders/order.mapper.js';
import { OrderEntity } from '../src/modules/orders/order.entity.js';
import { ORDERS_CSV_HEADER, orderCsvRows } from '../src/modules/orders/orders-csv.js';
import { type ShipmentRow, ShipmentsRepository } from '../src/modules/orders/shipments.repository.js';
import { SHIPPING_ADDRESS } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * The order listings read their rows straight into the wire shape (OrdersRepository.page: one statement, the lines
 * as JSON, no entity built). Every listing must answer byte for byte what the entity read did: orders of every kind
 * are written straight to the tables, then each listing's pages (every filter, every cursor), the CSV export and the
 * buyer's data export are compared with the old path kept here: TypeORM entities mapped by the old toOrder.
 */
describe('order reads without entities (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let numbers: Map<string, number>;
  const tee = randomUUID();
  const cap = randomUUID();
  const hoodie = randomUUID();

  /** Writes an order (paid, Alice's, unless `columns` says otherwise) and its lines; its id. */
  async function insertOrder(columns: Record<string, unknown>, lines: Array<Record<string, unknown>> = []): Promise<string> {
    const row: Record<string, unknown> = {
      user_id: alice.user._id,
      user_name: alice.user.name,
      status: 'Received',
      amount_cents: 2000,
      transaction_id: `tx-${randomUUID().slice(0, 8)}`,
      ...columns,
    };
    row.paid_at ??= row.created_at ?? new Date().toISOString();
    const [{ id }] = (await t.dataSource.query(
      `INSERT INTO orders (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
        .map((_, i) => `$${i + 1}`)
        .join(', ')}) RETURNING id`,
      Object.values(row).map((value) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value)),
    )) as { id: string }[];
    for (const line of lines) {
      const values: Record<string, unknown> = { order_id: id, name: 'Tee', price_cents: 1000, count: 1, ...line };
      await t.dataSource.query(
        `INSERT INTO order_lines (${Object.keys(values).join(', ')}) VALUES (${Object.keys(values)
          .map((_, i) => `$${i + 1}`)
          .join(', ')})`,
        Object.values(values),
      );
    }
    return id;
  }

  /** A parcel of `orderId` holding `lines` (variant, count). */
  async function ship(
    orderId: string,
    lines: Array<[number, number]>,
    carrier = 'ups',
    deliveredAt: string | null = null,
    tracking = `1Z${randomUUID().slice(0, 8)}`,
  ): Promise<void> {
    const [{ id }] = (await t.dataSource.query(
      `INSERT INTO shipments (order_id, carrier, tracking_number, shipped_at, delivered_at) VALUES ($1, $2, $3, now() - interval '1 day', $4) RETURNING id`,
      [orderId, carrier, tracking, deliveredAt],
    )) as { id: string }[];
    for (const [variant, count] of lines) {
      await t.dataSource.query(`INSERT INTO shipment_lines (shipment_id, order_id, variant_id, count) VALUES ($1, $2, $3, $4)`, [
        id,
        orderId,
        variant,
        count,
      ]);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    [admin, alice, bob] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t), signedInUser(t)]);
    const at = (day: number, time: string) => `2026-03-${String(day).padStart(2, '0')} ${time}+00`;
    const priced = {
      subtotal_cents: 4500,
      discount_cents: 450,
      shipping_cents: 599,
      tax_cents: 324,
      prices_include_tax: false,
      taxes: [
        { name: 'State', rateMilli: 6250, cents: 253 },
        { name: 'County', rateMilli: 1750, cents: 71 },
      ],
      shipping_method: 'Standard',
      discount_code: 'SPRING10',
      amount_cents: 4973,
    };

    // Before pricing: no breakdown, a line without SKU (a product deleted before variants).
    await insertOrder({ created_at: at(1, '09:00:00.123999'), status: 'Delivered' }, [
      { product_id: tee, variant_id: 1, sku: null, count: 2 },
    ]);
    // Variants and sizes: lines sorted by name (accents, case), product, size rank, options, variant.
    await insertOrder({ created_at: at(2, '10:00:00.5'), status: 'Processing', shipping_address: SHIPPING_ADDRESS }, [
      { product_id: tee, variant_id: 12, sku: 'TEE-BLU-XL', variant_label: 'Blue / XL', size: 'XL', name: 'Été Tee', price_cents: 1250 },
      { product_id: tee, variant_id: 11, sku: 'TEE-BLU-S', variant_label: 'Blue / S', size: 'S', name: 'Été Tee', price_cents: 1250 },
      { product_id: tee, variant_id: 13, sku: 'TEE-RED-S', variant_label: 'Red / S', size: 'S', name: 'Été Tee', price_cents: 1250 },
      { product_id: cap, variant_id: 21, sku: 'CAP', name: 'apple cap', price_cents: 799, count: 3 },
      { product_id: hoodie, variant_id: 31, sku: 'HOOD-GRN', variant_label: 'Green', name: 'Zip "Hoodie", warm', price_cents: 4999 },
    ]);
    // Discount code, shipping and tax added on top; a shipping refund; an address with only what is required.
    await insertOrder(
      {
        created_at: at(3, '11:15:00.000001'),
        ...priced,
        shipping_address: { name: 'Ann', line1: '2 High St', line2: '', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' },
        shipping_refund_id: 'ship-refund-1',
        shipping_refund_cents: 599,
        shipping_refunded_at: at(4, '08:00:00.987654'),
      },
      [
        {
          product_id: tee,
          variant_id: 11,
          sku: 'TEE-BLU-S',
          variant_label: 'Blue / S',
          size: 'S',
          count: 3,
          discount_cents: 300,
          tax_cents: 216,
        },
        { product_id: cap, variant_id: 21, sku: 'CAP', name: 'Cap', price_cents: 1500, discount_cents: 150, tax_cents: 108 },
      ],
    );
    // Tax included in the prices, no shipping method or code; one line refunded on its own.
    await insertOrder(
      {
        created_at: at(5, '12:00:00'),
        subtotal_cents: 2000,
        discount_cents: 0,
        shipping_cents: 0,
        tax_cents: 333,
        prices_include_tax: true,
        taxes: [{ name: 'VAT', rateMilli: 20000, cents: 333 }],
        amount_cents: 2000,
        status: 'Shipped',
      },
      [
        {
          product_id: tee,
          variant_id: 1,
          sku: 'TEE',
          tax_cents: 167,
          refund_id: 'line-refund-1',
          refund_cents: 1000,
          refunded_at: at(6, '09:30:00.000999'),
        },
        { product_id: cap, variant_id: 2, sku: 'CAP-1', name: 'Cap', tax_cents: 166 },
      ],
    );
    // A breakdown that says nothing (subtotal only): read as the plain sum of its items.
    await insertOrder(
      { created_at: at(6, '13:00:00'), subtotal_cents: 2000, discount_cents: 0, shipping_cents: 0, tax_cents: 0, taxes: [] },
      [{ product_id: tee, variant_id: 1, sku: 'TEE', count: 2 }],
    );
    // Cancelled: voided, and refunded.
    await insertOrder(
      {
        created_at: at(7, '14:00:00'),
        status: 'Cancelled',
        refund_id: 'void-1',
        refund_cents: 2000,
        refund_kind: 'void',
        refunded_at: at(7, '15:00:00.25'),
      },
      [{ product_id: tee, variant_id: 1, sku: 'TEE', count: 2 }],
    );
    await insertOrder(
      {
        created_at: at(8, '14:00:00'),
        status: 'Cancelled',
        ...priced,
        refund_id: 'refund-1',
        refund_cents: 4973,
        refund_kind: 'refund',
        refunded_at: at(9, '15:00:00'),
        user_id: bob.user._id,
        user_name: bob.user.name,
      },
      [
        {
          product_id: tee,
          variant_id: 11,
          sku: 'TEE-BLU-S',
          variant_label: 'Blue / S',
          size: 'S',
          count: 4,
          discount_cents: 450,
          tax_cents: 324,
        },
      ],
    );
    // Shipments: part of an order, all of one (a line refunded before it shipped), all delivered.
    const partly = await insertOrder({ created_at: at(10, '08:00:00'), status: 'Processing', shipping_address: SHIPPING_ADDRESS }, [
      { product_id: tee, variant_id: 11, sku: 'TEE-BLU-S', variant_label: 'Blue / S', size: 'S', count: 2 },
      { product_id: cap, variant_id: 21, sku: 'CAP', name: 'Cap' },
    ]);
    await ship(partly, [[11, 1]], 'other');
    const shipped = await insertOrder(
      { created_at: at(11, '08:00:00'), status: 'Shipped', user_id: bob.user._id, user_name: bob.user.name },
      [
        { product_id: tee, variant_id: 11, sku: 'TEE-BLU-S', variant_label: 'Blue / S', size: 'S', count: 2 },
        {
          product_id: cap,
          variant_id: 21,
          sku: 'CAP',
          name: 'Cap',
          refund_id: 'line-refund-2',
          refund_cents: 1000,
          refunded_at: at(11, '09:00:00'),
        },
      ],
    );
    await ship(shipped, [[11, 1]], 'usps');
    await ship(shipped, [[11, 1]], 'dhl');
    const delivered = await insertOrder({ created_at: at(12, '08:00:00'), status: 'Delivered' }, [
      { product_id: hoodie, variant_id: 31, sku: 'HOOD-GRN', variant_label: 'Green', name: 'Hoodie', count: 1 },
    ]);
    await ship(delivered, [[31, 1]], 'royal-mail', at(13, '10:00:00'));
    // A tracking number the ship form would refuse (written straight to the table): its link is made as the contract's
    // trackingUrl makes it (white space dropped, the rest URL-encoded), which the statement leaves to the mapping.
    const oddlyTracked = await insertOrder({ created_at: at(12, '09:00:00'), status: 'Shipped' }, [
      { product_id: cap, variant_id: 21, sku: 'CAP', name: 'Cap' },
    ]);
    await ship(oddlyTracked, [[21, 1]], 'fedex', null, '1Z 99/ÄB\t7');
    // A guest's order, and an order whose buyer deleted their account.
    await insertOrder(
      {
        created_at: at(14, '08:00:00'),
        user_id: null,
        user_name: 'Guest Gail',
        guest_email: 'gail@example.com',
        ...priced,
        shipping_address: SHIPPING_ADDRESS,
      },
      [
        {
          product_id: tee,
          variant_id: 11,
          sku: 'TEE-BLU-S',
          variant_label: 'Blue / S',
          size: 'S',
          count: 3,
          discount_cents: 450,
          tax_cents: 324,
        },
      ],
    );
    await insertOrder({ created_at: at(15, '08:00:00'), user_id: null, user_name: 'Deleted account', anonymised_at: at(20, '08:00:00') }, [
      { product_id: tee, variant_id: 1, sku: 'TEE', count: 2 },
    ]);
    // A return refunded part of a line (the order's wire does not show it, and must not change).
    const returned = await insertOrder({ created_at: at(16, '08:00:00'), status: 'Delivered', ...priced }, [
      {
        product_id: tee,
        variant_id: 11,
        sku: 'TEE-BLU-S',
        variant_label: 'Blue / S',
        size: 'S',
        count: 3,
        discount_cents: 450,
        tax_cents: 324,
        return_refund_cents: 1491,
        return_refunded_count: 1,
      },
    ]);
    const [{ id: returnId }] = (await t.dataSource.query(
      `INSERT INTO returns (order_id, kind, reason, status, refund_id, refund_cents, refunded_at) VALUES ($1, 'return', 'too-small', 'refunded', 'ret-1', 1491, now()) RETURNING id`,
      [returned],
    )) as { id: string }[];
    await t.dataSource.query(
      `INSERT INTO return_lines (return_id, variant_id, product_id, quantity, refund_cents) VALUES ($1, 11, $2, 1, 1491)`,
      [returnId, tee],
    );
    // Two orders at the same instant (the id breaks the tie), one with no line at all; never listed: attempts not paid.
    await insertOrder({ created_at: at(17, '08:00:00.000042'), user_id: bob.user._id, user_name: bob.user.name }, [
      { product_id: cap, variant_id: 21, sku: 'CAP', name: 'Cap' },
    ]);
    await insertOrder({ created_at: at(17, '08:00:00.000042') });
    await insertOrder({ created_at: at(18, '08:00:00'), status: 'Pending', transaction_id: null }, [{ product_id: tee, variant_id: 1 }]);
    await insertOrder({ created_at: at(18, '09:00:00'), status: 'Failed', transaction_id: null }, [{ product_id: tee, variant_id: 1 }]);
    // Bulk: enough orders for pages of 50 to turn (a spread of statuses and buyers, each with two lines).
    for (let i = 0; i < 60; i += 1) {
      await insertOrder(
        {
          created_at: at(19 + (i % 10), `0${i % 10}:${String(i).padStart(2, '0')}:00.${String(i * 16661).padStart(6, '0')}`),
          status: (['Received', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const)[i % 5],
          ...(i % 5 === 4 ? { refund_id: `void-b${i}`, refund_cents: 2000, refund_kind: 'void', refunded_at: at(29, '10:00:00') } : {}),
          ...(i % 3 === 0 ? { user_id: bob.user._id, user_name: bob.user.name } : {}),
          ...(i % 4 === 0 ? priced : {}),
        },
        [
          {
            product_id: tee,
            variant_id: 11 + (i % 3),
            sku: `TEE-${i % 3}`,
            variant_label: `Blue / ${['S', 'M', 'L'][i % 3]}`,
            size: ['S', 'M', 'L'][i % 3],
          },
          { product_id: cap, variant_id: 21, sku: 'CAP', name: 'Cap', count: 1 + (i % 2) },
        ],
      );
    }
    const rows = (await t.dataSource.query(`SELECT id, number FROM orders`)) as { id: string; number: string }[];
    numbers = new Map(rows.map((row) => [row.id, Number(row.number)]));
  }, 120_000);
  afterAll(() => t?.close());

  /** The old read: the paid orders as entities (newest first), their lines as entities, mapped by the old toOrder. */
  async function oldPath(keep: (order: OrderEntity) => boolean, withShipments: boolean): Promise<Order[]> {
    const orders = (await t.dataSource.manager.findBy(OrderEntity, { status: Not(In(['Pending', 'Failed'])) }))
      .filter(keep)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const ids = orders.map((order) => order.id);
    const lines = ids.length > 0 ? await t.dataSource.manager.findBy(OrderLineEntity, { orderId: In(ids) }) : [];
    const shipments = withShipments ? await t.app.get(ShipmentsRepository, { strict: false }).forOrders(ids) : [];
    return orders.map((order) =>
      oldToOrder(
        order,
        lines.filter((line) => line.orderId === order.id),
        shipments.filter((shipment) => shipment.orderId === order.id),
      ),
    );
  }

  const get = (path: string, session: Session = admin) => request(t.http).get(path).set('Authorization', `Bearer ${session.token}`);

  /** Every page of a listing, `limit` at a time, following X-Next-Cursor: each page's body as sent. */
  async function pages(path: string, limit: number, session: Session = admin): Promise<string[]> {
    const texts: string[] = [];
    let after: string | undefined;
    do {
      const response = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${after ? `&after=${after}` : ''}`, session).expect(
        200,
      );
      texts.push(response.text);
      after = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    } while (after);
    return texts;
  }

  /** The pages the old path would have sent for the same orders. */
  function pagesOf(orders: Order[], limit: number): string[] {
    const texts: string[] = [];
    for (let i = 0; i < orders.length || i === 0; i += limit) texts.push(JSON.stringify(orders.slice(i, i + limit)));
    // A listing sends one more, empty page when the last one was exactly full (its cursor cannot know).
    if (orders.length > 0 && orders.length % limit === 0) texts.push('[]');
    return texts;
  }

  const utcDay = (order: OrderEntity): string => order.createdAt.toISOString().slice(0, 10);
  const all = (query = '') => `${api(ApiRoute.ordersAll, { userId: admin.user._id })}${query}`;

  it('has orders of every kind to compare', async () => {
    const listed = await oldPath(() => true, true);
    expect(listed).toHaveLength(76);
    expect(listed.filter((order) => order.pricing)).not.toHaveLength(0);
    expect(listed.filter((order) => order.refund)).not.toHaveLength(0);
    expect(listed.filter((order) => order.pricing?.shippingRefund)).not.toHaveLength(0);
    expect(listed.filter((order) => order.products.some((line) => line.refund))).not.toHaveLength(0);
    expect(new Set(listed.map((order) => order.fulfilment).filter(Boolean))).toEqual(new Set(['Partly shipped', 'Shipped', 'Delivered']));
    expect(listed.filter((order) => order.user._id === '')).toHaveLength(2);
    expect(listed.flatMap((order) => order.shipments ?? []).map((shipment) => shipment.trackingUrl)).toContain(
      'https://www.fedex.com/fedextrack/?trknbr=1Z99%2F%C3%84B7',
    );
  });

  it.each([
    ['every paid order', '', () => true],
    ['Received', '?status=Received', (order: OrderEntity) => order.status === 'Received'],
    ['Processing', '?status=Processing', (order: OrderEntity) => order.status === 'Processing'],
    ['Shipped', '?status=Shipped', (order: OrderEntity) => order.status === 'Shipped'],
    ['Delivered', '?status=Delivered', (order: OrderEntity) => order.status === 'Delivered'],
    ['Cancelled', '?status=Cancelled', (order: OrderEntity) => order.status === 'Cancelled'],
    [
      'a date range',
      '?from=2026-03-02&to=2026-03-20',
      (order: OrderEntity) => utcDay(order) >= '2026-03-02' && utcDay(order) <= '2026-03-20',
    ],
    [
      'a status in a date range',
      '?status=Delivered&from=2026-03-12',
      (order: OrderEntity) => order.status === 'Delivered' && utcDay(order) >= '2026-03-12',
    ],
  ])("sends the admin's list of %s as the entity read did, every page and cursor", async (_, query, keep) => {
    const expected = await oldPath(keep, true);
    expect(expected.length).toBeGreaterThan(0);
    for (const limit of [50, 7, 1]) expect(await pages(all(query), limit)).toEqual(pagesOf(expected, limit));
  });

  it("sends the admin's searches (order number, order id, e-mail prefix) as the entity read did", async () => {
    const orders = await t.dataSource.manager.findBy(OrderEntity, { status: Not(In(['Pending', 'Failed'])) });
    const shipped = orders.find((order) => order.status === 'Shipped')!;
    for (const [query, keep] of [
      [`?q=${numbers.get(shipped.id)}`, (order: OrderEntity) => order.id === shipped.id],
      [`?q=%23${numbers.get(shipped.id)}`, (order: OrderEntity) => order.id === shipped.id],
      [`?q=${shipped.id}`, (order: OrderEntity) => order.id === shipped.id],
      [`?q=${bob.user.email.slice(0, 8)}`, (order: OrderEntity) => (order.userEmail ?? '').startsWith(bob.user.email.slice(0, 8))],
      [`?q=${bob.user.email}&status=Cancelled`, (order: OrderEntity) => order.userEmail === bob.user.email && order.status === 'Cancelled'],
    ] as const) {
      const expected = await oldPath(keep, true);
      expect(expected.length).toBeGreaterThan(0);
      for (const limit of [50, 3]) expect(await pages(all(query), limit)).toEqual(pagesOf(expected, limit));
    }
  });

  it("sends a buyer's own orders as the entity read did", async () => {
    for (const buyer of [alice, bob]) {
      const expected = await oldPath((order) => order.userId === buyer.user._id, true);
      expect(expected.length).toBeGreaterThan(0);
      const path = api(ApiRoute.ordersOfUser, { userId: buyer.user._id });
      for (const limit of [50, 4]) expect(await pages(path, limit, buyer)).toEqual(pagesOf(expected, limit));
    }
  });

  it('sends each listing as a signed-in JSON answer: its type, length, paging headers and no-store, without an ETag', async () => {
    for (const [path, session] of [
      [`${all('?status=Delivered')}&limit=3`, admin],
      [`${api(ApiRoute.ordersOfUser, { userId: bob.user._id })}?limit=2`, bob],
    ] as const) {
      // Uncompressed, so its length is the page's (a compressed answer is sent without one).
      const expected = await get(path, session).set('Accept-Encoding', 'identity').expect(200);
      expect(expected.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(expected.headers['content-length'])).toBe(Buffer.byteLength(expected.text));
      expect(expected.headers['cache-control']).toBe('no-store');
      expect(Number(expected.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBeGreaterThan(2);
      expect(expected.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toMatch(/^[A-Za-z0-9_-]+$/);
      // A signed-in answer is never stored, so nothing revalidates it: no hash of the page is made or sent.
      expect(expected.headers.etag).toBeUndefined();
      const head = await request(t.http)
        .head(path)
        .set('Authorization', `Bearer ${session.token}`)
        .set('Accept-Encoding', 'identity')
        .expect(200);
      expect(head.headers['content-length']).toBe(expected.headers['content-length']);
      expect(head.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBe(expected.headers[NEXT_CURSOR_HEADER.toLowerCase()]);
      expect(head.text).toBeUndefined();
    }
  });

  it('exports the CSV as the entity read did', async () => {
    for (const [query, keep] of [
      ['', () => true],
      ['?status=Cancelled&from=2026-03-08', (order: OrderEntity) => order.status === 'Cancelled' && utcDay(order) >= '2026-03-08'],
    ] as const) {
      const response = await get(`${api(ApiRoute.ordersExport, { userId: admin.user._id })}${query}`)
        .buffer(true)
        .expect(200);
      expect(response.text).toBe(ORDERS_CSV_HEADER + orderCsvRows(await oldPath(keep, false)));
    }
  });

  it("gives a buyer's data export the orders the entity read did", async () => {
    const response = await get(api(ApiRoute.myData, { userId: bob.user._id }), bob).expect(200);
    expect(JSON.stringify((response.body as { orders: Order[] }).orders)).toBe(
      JSON.stringify(await oldPath((order) => order.userId === bob.user._id, false)),
    );
  });
});

/**
 * The wire mapping as it was before the listings read rows (order.mapper.ts's toOrder over entities), kept here as
 * the reference. The shipment helpers it called are unchanged and imported.
 */
function oldToOrder(order: OrderEntity, lines: OrderLineEntity[], shipments: readonly ShipmentRow[] = []): Order {
  const priced = oldHasBreakdown(order);
  const fulfilment = fulfilmentOf(lines, shipments);
  return {
    _id: order.id,
    number: order.number,
    user: { _id: order.userId ?? '', name: order.userName },
    products: [...lines]
      .sort(
        (a, b) =>
          a.name.localeCompare(b.name) ||
          a.productId.localeCompare(b.productId) ||
          sizeRank(a.size) - sizeRank(b.size) ||
          a.variantLabel.localeCompare(b.variantLabel) ||
          a.variantId - b.variantId,
      )
      .map((line) => ({
        product: line.productId,
        name: line.name,
        price: fromCents(line.priceCents),
        count: line.count,
        ...(line.size ? { size: line.size } : {}),
        variant: line.variantId,
        ...(line.sku !== null ? { sku: line.sku } : {}),
        ...(line.variantLabel ? { options: line.variantLabel } : {}),
        ...(priced ? { discount: fromCents(line.discountCents), tax: fromCents(line.taxCents) } : {}),
        ...(line.refundId !== null && line.refundCents !== null && line.refundedAt !== null
          ? { refund: { id: line.refundId, amount: fromCents(line.refundCents), at: line.refundedAt.toISOString() } }
          : {}),
      })),
    amount: fromCents(order.amountCents),
    transactionId: order.transactionId ?? '',
    status: order.status as OrderStatus,
    createdAt: order.createdAt.toISOString(),
    ...(order.refundId !== null && order.refundCents !== null && order.refundKind !== null && order.refundedAt !== null
      ? {
          refund: {
            id: order.refundId,
            amount: fromCents(order.refundCents),
            kind: order.refundKind,
            at: order.refundedAt.toISOString(),
          },
        }
      : {}),
    ...(order.shippingAddress ? { shippingAddress: toShippingAddress(order.shippingAddress) } : {}),
    ...(priced ? { pricing: oldToPricing(order) } : {}),
    ...(fulfilment ? { shipments: toShipments(shipments, lines), fulfilment } : {}),
  };
}

function oldHasBreakdown(order: OrderEntity): boolean {
  return order.subtotalCents !== null && (order.shippingMethod !== null || order.discountCode !== null || (order.taxes ?? []).length > 0);
}

function oldToPricing(order: OrderEntity): OrderPricing {
  return {
    subtotal: fromCents(order.subtotalCents ?? 0),
    discount: fromCents(order.discountCents ?? 0),
    shipping: fromCents(order.shippingCents ?? 0),
    tax: fromCents(order.taxCents ?? 0),
    pricesIncludeTax: order.pricesIncludeTax ?? false,
    taxes: (order.taxes ?? []).map((tax) => ({ name: tax.name, rate: tax.rateMilli / 1000, amount: fromCents(tax.cents) })),
    ...(order.shippingMethod ? { shippingMethod: order.shippingMethod } : {}),
    ...(order.discountCode ? { discountCode: order.discountCode } : {}),
    ...(order.shippingRefundId !== null && order.shippingRefundCents !== null && order.shippingRefundedAt !== null
      ? {
          shippingRefund: {
            id: order.shippingRefundId,
            amount: fromCents(order.shippingRefundCents),
            at: order.shippingRefundedAt.toISOString(),
          },
        }
      : {}),
  };
}

function sizeRank(size: string): number {
  return (PRODUCT_SIZES as readonly string[]).indexOf(size);
}
