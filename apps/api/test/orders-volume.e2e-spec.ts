import { ApiRoute, NEXT_CURSOR_HEADER, type Order, Role, type SalesOverview, type Session, TOTAL_COUNT_HEADER } from '@store/contract';
import request from 'supertest';
import { decodeCursor } from '../src/common/pagination.js';
import { orderPageQuery } from '../src/modules/orders/orders.repository.js';
import { pay, seedProduct } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * Orders at volume: keyset pages that stay stable while orders arrive, filters, search, the CSV
 * export, the sales overview against hand-computed figures, and EXPLAIN of every listing on 20,000 orders.
 */
describe('orders at volume (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let tee: string;
  let cap: string;

  beforeAll(async () => {
    t = await createTestApp({ lowStockThreshold: 5 });
    [admin, alice, bob] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t), signedInUser(t)]);
    tee = await seedProduct(t, { name: 'Volume Tee', price: 10, stock: 1000 });
    cap = await seedProduct(t, { name: 'Volume Cap', price: 7.5, stock: 4 });
  });
  afterAll(() => t.close());

  const buy = async (session: Session, product = tee, count = 1, price = 10): Promise<Order['_id']> =>
    (
      await pay(t, session, { paymentMethodNonce: 'fake-valid-nonce', amount: price * count, products: [{ _id: product, count }] }).expect(
        200,
      )
    ).body.order._id as string;
  const get = (route: string, session: Session = admin) => request(t.http).get(route).set('Authorization', `Bearer ${session.token}`);
  const all = (query = '', session: Session = admin) => get(`${api(ApiRoute.ordersAll, { userId: session.user._id })}${query}`, session);
  const mine = (session: Session, query = '') => get(`${api(ApiRoute.ordersOfUser, { userId: session.user._id })}${query}`, session);
  const ids = (response: request.Response): string[] => (response.body as Order[]).map((order) => order._id);

  /** Follows X-Next-Cursor from `first` to the end; every page's ids in order. */
  async function walk(path: (after?: string) => request.Test): Promise<string[][]> {
    const pages: string[][] = [];
    let after: string | undefined;
    do {
      const response = await path(after).expect(200);
      pages.push(ids(response));
      after = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    } while (after);
    return pages;
  }

  describe('paging', () => {
    let placed: string[];

    beforeAll(async () => {
      placed = [];
      for (let i = 0; i < 7; i += 1) placed.push(await buy(i % 2 === 0 ? alice : bob));
    });

    it('pages the admin list newest first by cursor, with the total', async () => {
      const first = await all('?limit=3').expect(200);
      expect(first.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('7');
      const pages = await walk((after) => all(`?limit=3${after ? `&after=${after}` : ''}`));
      expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual([...placed].reverse());
    });

    it('keeps the pages already served stable while new orders arrive', async () => {
      const first = await all('?limit=3').expect(200);
      const after = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      const newer = [await buy(alice), await buy(bob)];
      const rest = await walk((next) => all(`?limit=3&after=${next ?? after}`));
      // Page 2 onwards continues exactly after page 1: nothing repeated, nothing skipped, the newcomers not among them.
      expect([...ids(first), ...rest.flat()]).toEqual([...placed].reverse());
      expect(ids(await all('?limit=2').expect(200))).toEqual([...newer].reverse());
      placed.push(...newer);
    });

    it("pages a buyer's own orders, and only theirs", async () => {
      const pages = await walk((after) => mine(alice, `?limit=2${after ? `&after=${after}` : ''}`));
      const alices = (
        await t.dataSource.query(`SELECT id FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [alice.user._id])
      ).map((row: { id: string }) => row.id);
      expect(pages.flat()).toEqual(alices);
      expect(pages[0]).toHaveLength(2);
      const total = (await mine(alice, '?limit=2').expect(200)).headers[TOTAL_COUNT_HEADER.toLowerCase()];
      expect(Number(total)).toBe(alices.length);
    });

    it.each([
      ['limit=0', 'limit must be a whole number from 1 to 100'],
      ['limit=101', 'limit must be a whole number from 1 to 100'],
      ['after=garbage', 'after must be a cursor this API returned in X-Next-Cursor, unchanged'],
      ['status=Lost', 'status must be one of Received, Processing, Shipped, Delivered, Cancelled'],
      ['from=2026-13-01', 'from must be a date, YYYY-MM-DD'],
      ['from=2026-02-01&to=2026-01-01', 'to must not be before from'],
      ['offset=10', 'Unknown query parameter "offset"'],
      ['q=%01abc', 'The request URL must not contain control characters'],
      [`q=${'a'.repeat(255)}`, 'q must be an order number, an order id or the start of an e-mail (at most 254 characters)'],
    ])('refuses ?%s with 400 naming the problem', async (query, message) => {
      const response = await all(`?${query}`).expect(400);
      expect(response.body).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', error: message }));
    });

    it("refuses the admin's filters on a buyer's own list", async () => {
      const response = await mine(alice, '?status=Received').expect(400);
      expect(response.body.error).toBe('Unknown query parameter "status"');
    });

    it('keeps the lists to the right people', async () => {
      await all('', alice).expect(403);
      await get(api(ApiRoute.ordersOverview, { userId: alice.user._id }), alice).expect(403);
      await get(api(ApiRoute.ordersExport, { userId: alice.user._id }), alice).expect(403);
      await get(api(ApiRoute.ordersOfUser, { userId: bob.user._id }), alice).expect(403);
    });
  });

  describe('filters and search', () => {
    let cancelled: string;
    let numbered: Order;

    beforeAll(async () => {
      cancelled = await buy(bob);
      await request(t.http)
        .put(api(ApiRoute.orderStatus, { orderId: cancelled, userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ status: 'Cancelled' })
        .expect(200);
      numbered = (await all('?limit=1').expect(200)).body[0];
      // Two older orders on known days, written straight to the tables (the triggers keep the rollup and e-mail).
      for (const day of ['2026-01-10T12:00:00Z', '2026-01-20T12:00:00Z']) {
        const [order] = await t.dataSource.query(
          `INSERT INTO orders (user_id, user_name, status, amount_cents, transaction_id, created_at) VALUES ($1, $2, 'Delivered', 2000, 'old', $3) RETURNING id`,
          [alice.user._id, alice.user.name, day],
        );
        await t.dataSource.query(
          `INSERT INTO order_lines (order_id, product_id, variant_id, name, price_cents, count) VALUES ($1, $2, (SELECT min(id) FROM product_variants WHERE product_id = $2), 'Volume Tee', 1000, 2)`,
          [order.id, tee],
        );
      }
    });

    // A page's total comes in its statement's rows (OrdersRepository.countedPage); a page with none is counted apart.
    it('answers the total with an empty page too: nothing matching, and past the last page', async () => {
      const none = await all('?from=2020-01-01&to=2020-01-02').expect(200);
      expect(none.body).toEqual([]);
      expect(none.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('0');
      const total = Number((await all('?limit=1').expect(200)).headers[TOTAL_COUNT_HEADER.toLowerCase()]);
      const whole = await all(`?limit=${total}`).expect(200);
      expect(ids(whole)).toHaveLength(total);
      const past = await all(`?limit=${total}&after=${whole.headers[NEXT_CURSOR_HEADER.toLowerCase()]}`).expect(200);
      expect(past.body).toEqual([]);
      expect(past.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(total));
      expect(past.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
    });

    it('filters by status', async () => {
      const response = await all('?status=Cancelled').expect(200);
      expect(ids(response)).toEqual([cancelled]);
      expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    });

    it('filters by a date range (UTC days, both ends included), with the total from the daily rollup', async () => {
      const response = await all('?from=2026-01-15&to=2026-01-20').expect(200);
      expect((response.body as Order[]).map((order) => order.createdAt)).toEqual(['2026-01-20T12:00:00.000Z']);
      expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
      expect(ids(await all('?from=2026-01-10&to=2026-01-10').expect(200))).toHaveLength(1);
      expect(ids(await all('?to=2026-01-31').expect(200))).toHaveLength(2);
    });

    it('finds an order by its number (with or without #) and by its id', async () => {
      expect(numbered.number).toEqual(expect.any(Number));
      expect(ids(await all(`?q=${numbered.number}`).expect(200))).toEqual([numbered._id]);
      expect(ids(await all(`?q=%23${numbered.number}`).expect(200))).toEqual([numbered._id]);
      expect(ids(await all(`?q=${numbered._id.toUpperCase()}`).expect(200))).toEqual([numbered._id]);
      expect(ids(await all('?q=999999999').expect(200))).toEqual([]);
    });

    it("finds a buyer's orders by the start of their e-mail, in any case; typed wildcards are literal", async () => {
      const prefix = alice.user.email.slice(0, alice.user.email.indexOf('@')).toUpperCase();
      const found = (await all(`?q=${encodeURIComponent(prefix)}`).expect(200)).body as Order[];
      expect(found.length).toBeGreaterThan(0);
      expect(new Set(found.map((order) => order.user._id))).toEqual(new Set([alice.user._id]));
      expect(ids(await all('?q=%25').expect(200))).toEqual([]);
      expect(ids(await all('?q=_').expect(200))).toEqual([]);
    });

    it('combines filters', async () => {
      const response = await all(`?status=Delivered&from=2026-01-01&to=2026-01-31&q=${encodeURIComponent(alice.user.email)}`).expect(200);
      expect(response.body).toHaveLength(2);
    });
  });

  describe('CSV export', () => {
    it('streams the filtered orders as CSV with refunds, and makes spreadsheet formulas inert', async () => {
      const orderId = await buy(bob);
      await t.dataSource.query(`UPDATE orders SET user_name = '=HYPERLINK("x")' WHERE id = $1`, [orderId]);
      await request(t.http)
        .put(api(ApiRoute.orderStatus, { orderId, userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ status: 'Cancelled' })
        .expect(200);
      const response = await get(`${api(ApiRoute.ordersExport, { userId: admin.user._id })}?status=Cancelled`)
        .buffer(true)
        .expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
      const lines = response.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'number,order_id,created_at,status,buyer_id,buyer_name,items,amount,refunded,transaction_id,refund_ids,' +
          'ship_name,ship_line1,ship_line2,ship_city,ship_postal_code,ship_country,ship_phone,' +
          'subtotal,discount,shipping,tax,prices_include_tax,shipping_method,discount_code,shipping_refunded',
      );
      const cancelledCount = Number((await all('?status=Cancelled').expect(200)).headers[TOTAL_COUNT_HEADER.toLowerCase()]);
      expect(lines).toHaveLength(1 + cancelledCount);
      const row = lines.find((line) => line.includes(orderId))!;
      expect(row).toContain(`,"'=HYPERLINK(""x"")",1 x Volume Tee,10.00,10.00,`);
      expect(row).toMatch(/,Cancelled,/);

      const dated = await get(`${api(ApiRoute.ordersExport, { userId: admin.user._id })}?from=2026-01-01&to=2026-01-31`)
        .buffer(true)
        .expect(200);
      expect(dated.headers['content-disposition']).toBe('attachment; filename="orders-from-2026-01-01-to-2026-01-31.csv"');
      expect(dated.text.trimEnd().split('\r\n').slice(1)).toEqual([
        expect.stringMatching(
          /,2026-01-20T12:00:00.000Z,Delivered,.*,2 x Volume Tee,20.00,0.00,old,,,,,,,,,20.00,0.00,0.00,0.00,no,,,0.00$/,
        ),
        expect.stringMatching(
          /,2026-01-10T12:00:00.000Z,Delivered,.*,2 x Volume Tee,20.00,0.00,old,,,,,,,,,20.00,0.00,0.00,0.00,no,,,0.00$/,
        ),
      ]);
    });
  });

  describe('sales overview', () => {
    it('matches figures computed by hand from the orders', async () => {
      await buy(alice, cap, 2, 7.5); // leaves 2 caps: low stock
      const response = await get(api(ApiRoute.ordersOverview, { userId: admin.user._id })).expect(200);
      const overview = response.body as SalesOverview;

      // By hand, from the orders table itself (what the rollup must agree with).
      const expected = async (days: number) => {
        const [row] = await t.dataSource.query(
          `SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'Cancelled')::int AS cancelled,
                  coalesce(sum(amount_cents) FILTER (WHERE status <> 'Cancelled'), 0)::int AS revenue,
                  coalesce(sum(discount_cents) FILTER (WHERE status <> 'Cancelled'), 0)::int AS discount,
                  coalesce(sum(shipping_cents) FILTER (WHERE status <> 'Cancelled'), 0)::int AS shipping,
                  coalesce(sum(tax_cents) FILTER (WHERE status <> 'Cancelled'), 0)::int AS tax
           FROM orders WHERE status NOT IN ('Pending', 'Failed')
             AND created_at >= ((now() AT TIME ZONE 'UTC')::date - ($1::int - 1))::timestamp AT TIME ZONE 'UTC'`,
          [days],
        );
        return {
          orders: row.orders,
          cancelled: row.cancelled,
          revenue: row.revenue / 100,
          discount: row.discount / 100,
          shipping: row.shipping / 100,
          tax: row.tax / 100,
        };
      };
      expect(overview.periods).toEqual([
        { period: 'today', ...(await expected(1)) },
        { period: '7d', ...(await expected(7)) },
        { period: '30d', ...(await expected(30)) },
      ]);
      expect(overview.periods[0].orders).toBeGreaterThan(5);
      expect(overview.periods[0].cancelled).toBe(2);
      expect(overview.bestSellers[0]).toEqual({ _id: tee, name: 'Volume Tee', sold: expect.any(Number) });
      // Per variant: the cap has one, its default (no values).
      expect(overview.lowStock).toEqual([
        { _id: cap, name: 'Volume Cap', stock: 2, variant: expect.any(Number), sku: expect.any(String), options: '' },
      ]);
      expect(overview.bestVariants?.[0]).toEqual({
        _id: tee,
        name: 'Volume Tee',
        variant: expect.any(Number),
        sku: expect.any(String),
        options: '',
        sold: overview.bestSellers[0].sold,
      });
      expect(overview.lowStockThreshold).toBe(5);
    });
  });

  describe('EXPLAIN on 20,000 orders', () => {
    beforeAll(async () => {
      // Through the per-row triggers (rollup, e-mail) 20,000 rows in one statement can outlast the pool's
      // client-side query_timeout (statement timeout + 1 s, which SET LOCAL does not lift) on a busy machine:
      // seeded in slices of 2,000, one transaction, each statement well inside the limit.
      await t.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL statement_timeout = 0');
        for (let from = 1; from <= 20000; from += 2000) {
          await manager.query(
            `INSERT INTO orders (user_id, user_name, user_email, status, amount_cents, transaction_id, created_at)
           SELECT $1, 'Bulk', 'bulk' || n || '@example.com', (ARRAY['Received','Processing','Shipped','Delivered','Cancelled','Failed'])[1 + n % 6],
                  1000 + n % 500, 'bulk', now() - make_interval(mins => n)
           FROM generate_series($2::int, $3::int) AS n`,
            [bob.user._id, from, from + 1999],
          );
        }
      });
      await t.dataSource.query('ANALYZE orders; ANALYZE order_daily_totals; ANALYZE products');
      // 20,000 rows through the triggers took over the default 30 s at load 20+; the plans, not the time, are tested.
    }, 180_000);

    const plan = async ({ sql, values }: { sql: string; values: unknown[] }): Promise<string> =>
      (await t.dataSource.query(`EXPLAIN ${sql}`, values)).map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
    const cursor = decodeCursor(
      Buffer.from(JSON.stringify(['00000000-0000-4000-8000-000000000000', '2026-06-01T00:00:00.000000'])).toString('base64url'),
    )!;

    it.each([
      ['the first page', {}],
      ['a later page', { after: true }],
      ['one status', { status: 'Shipped' }],
      ['a date range', { from: '2026-01-01', to: '2026-12-31' }],
      ["a buyer's own", { userId: '00000000-0000-4000-8000-000000000001' }],
    ])('walks an index in page order for %s: no Seq Scan, no Sort of the orders, with its count or without', async (_, given) => {
      const { after, ...filter } = given as Record<string, unknown>;
      for (const withCount of [false, true]) {
        const text = await plan(orderPageQuery(filter, 50, after ? cursor : undefined, true, withCount));
        expect(text).toMatch(/Index (Only )?Scan/);
        expect(text).not.toMatch(/Seq Scan on orders/);
        // No sort of the orders (each order's lines may be sorted inside its own subplan: one to a few rows).
        expect(text).not.toMatch(/Sort Key: o\./);
        // The count is computed once for the page, never per row.
        if (withCount) expect(text).toMatch(/InitPlan/);
      }
    });

    // The prepared shapes (OrdersRepository.page's preparedName): should Postgres ever switch to its plan for any values
    // (a generic plan, made after five runs when it costs no more than the runs' own), that plan walks the index too.
    it.each([
      ['the first page', {}],
      ['a later page', { after: true }],
      ['one status', { status: 'Shipped' }],
    ])('plans a prepared %s for any values along an index: no Seq Scan, no Sort of the orders', async (_, given) => {
      const { after, ...filter } = given as Record<string, unknown>;
      // Counted, as the list's page is prepared.
      const { sql, values } = orderPageQuery(filter, 50, after ? cursor : undefined, true, true);
      const text = await t.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL plan_cache_mode = force_generic_plan');
        await manager.query(`PREPARE generic_page AS ${sql}`);
        const literals = values.map((value) =>
          value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value)}'`,
        );
        const rows: { 'QUERY PLAN': string }[] = await manager.query(`EXPLAIN EXECUTE generic_page(${literals.join(', ')})`);
        await manager.query('DEALLOCATE generic_page');
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(text).toMatch(/Index (Only )?Scan/);
      expect(text).not.toMatch(/Seq Scan on orders/);
      expect(text).not.toMatch(/Sort Key: o\./);
    });

    it('finds an order number through its unique index', async () => {
      expect(await plan(orderPageQuery({ number: 1234 }, 50, undefined))).toMatch(/Index Scan using orders_number_key/);
    });

    // A prefix matches many addresses, so their orders come out of the index by address and are then sorted by
    // date: a sort of the matches only, never of the table.
    it('searches e-mail prefixes through the e-mail index', async () => {
      const text = await plan(orderPageQuery({ emailPrefix: 'bulk12' }, 50, undefined, true, true));
      expect(text).toMatch(/orders_paid_email_idx/);
      expect(text).not.toMatch(/Seq Scan on orders/);
    });

    // The statistics on lower(user_email) (migration OrderEmailStatistics) tell the planner how many orders a prefix
    // matches. Without them every prefix was planned as matching 0.5% of the table: here 'bulk' (every order) went
    // through the e-mail index and a sort of all its matches; at 100,000 orders (`npm run bench:orders`) a prefix
    // matching nothing walked the date index through every paid order, looking for the page's 50.
    it.each([
      ['matching no order', 'nobody', 'orders_paid_email_idx'],
      ['matching a few', 'bulk1234', 'orders_paid_email_idx'],
      ['matching most orders', 'bulk', 'orders_paid_created_at_idx'],
    ])('plans an e-mail prefix %s by its matches: %s through %s', async (_, emailPrefix, index) => {
      const text = await plan(orderPageQuery({ emailPrefix }, 50, undefined, true, false));
      // The one index the page reads orders by (an index scan's "using", a bitmap scan's "on").
      expect([...text.matchAll(/Scan(?: Backward)? (?:using|on) (orders_\w+)/g)].map((match) => match[1])).toEqual([index]);
      expect(text).not.toMatch(/Seq Scan on orders/);
    });

    it('counts a filtered list with a bound, and the overview reads only the rollup', async () => {
      const overview = (
        await t.dataSource.query(`EXPLAIN SELECT coalesce(sum(orders), 0) FROM order_daily_totals WHERE day > now()::date - 30`)
      )
        .map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN'])
        .join('\n');
      expect(overview).not.toMatch(/on orders/);
    });
  });
});
