// What a page of 50 orders costs the API's CPU, measured in-process on the built API (apps/api/dist) against a
// scratch database of 2,000 paid orders (1-3 lines each, a quarter priced with a code, shipping and tax, some
// cancelled and refunded, some shipped), two ways:
//   - entities: the page's ids, then the orders and their lines as TypeORM entities (two findBy), mapped by toOrder,
//     as OrdersRepository.page once did (the steady yardstick: compare the two ways' ratio between runs);
//   - rows: OrdersRepository.page now, through OrdersService.listPage: one statement whose rows carry each order in
//     the wire's shape as JSON text written by Postgres (lines, price breakdown, parcels), joined into the page.
// The two must answer the same bytes (checked first).
// Each way runs the listing's whole read: the page and its count in parallel as the service runs them, the parcels,
// the mapping, and the answer's JSON text. Prints API CPU (user + system) per page; Postgres' own CPU is not
// counted, nor the framework around a request (guards, pipes, Express).
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/order-page.mjs
// A benchmark, not a test: a busy machine moves the figures; the ratios within one run are the steadier result.
import 'reflect-metadata';
import { In } from 'typeorm';
import { cpuPerCall, fromDist, runBenchmark, step, withScratchDataSource } from './support.mjs';

const N = Number(process.env.BENCH_PAGES ?? 300);
const ROUNDS = 3;
const LIMIT = 50;

const { Database } = await fromDist('database/transactions.js');
const { OrderEntity } = await fromDist('modules/orders/order.entity.js');
const { OrderLineEntity } = await fromDist('modules/orders/order-line.entity.js');
const { OrdersRepository } = await fromDist('modules/orders/orders.repository.js');
const { OrdersService } = await fromDist('modules/orders/orders.service.js');
const { ShipmentsRepository } = await fromDist('modules/orders/shipments.repository.js');
const { toOrder } = await fromDist('modules/orders/order.mapper.js');

/** 2,000 paid orders over 200 buyers and 60 days, as a shop's admin list sees them. */
async function seed(dataSource) {
  await dataSource.query(
    `INSERT INTO users (name, email, password_hash) SELECT 'Buyer ' || n, 'buyer' || n || '@example.com', 'x' FROM generate_series(1, 200) AS n`,
  );
  await dataSource.query(
    `INSERT INTO orders (user_id, user_name, status, amount_cents, transaction_id, created_at, paid_at, shipping_address,
                         subtotal_cents, discount_cents, shipping_cents, tax_cents, prices_include_tax, taxes, shipping_method, discount_code,
                         refund_id, refund_cents, refund_kind, refunded_at)
     SELECT u.id, u.name, (ARRAY['Received','Processing','Shipped','Delivered','Cancelled'])[1 + n % 5], 2500 + n % 4000, 'tx-' || n,
            now() - make_interval(mins => n * 43), now() - make_interval(mins => n * 43),
            CASE WHEN n % 2 = 0 THEN jsonb_build_object('name', u.name, 'line1', n || ' Main Street', 'city', 'Springfield',
                                                       'postalCode', '12345', 'country', 'US') END,
            CASE WHEN n % 4 = 0 THEN 2500 END, CASE WHEN n % 4 = 0 THEN 250 END, CASE WHEN n % 4 = 0 THEN 599 END,
            CASE WHEN n % 4 = 0 THEN 180 END, CASE WHEN n % 4 = 0 THEN false END,
            CASE WHEN n % 4 = 0 THEN '[{"name":"State","rateMilli":7250,"cents":180}]'::jsonb END,
            CASE WHEN n % 4 = 0 THEN 'Standard' END, CASE WHEN n % 4 = 0 THEN 'SAVE10' END,
            CASE WHEN n % 5 = 4 THEN 'void-' || n END, CASE WHEN n % 5 = 4 THEN 2500 END, CASE WHEN n % 5 = 4 THEN 'void' END,
            CASE WHEN n % 5 = 4 THEN now() END
     FROM generate_series(1, 2000) AS n JOIN users u ON u.email = 'buyer' || (1 + n % 200) || '@example.com'`,
  );
  await dataSource.query(
    `INSERT INTO order_lines (order_id, product_id, variant_id, sku, variant_label, size, name, price_cents, count, discount_cents, tax_cents)
     SELECT o.id, gen_random_uuid(), v, 'TEE-' || v, 'Blue / ' || (ARRAY['S','M','L'])[v], (ARRAY['S','M','L'])[v],
            'Bench Tee ' || (o.number % 7), 1250, 1 + o.number % 2, CASE WHEN o.subtotal_cents IS NULL THEN 0 ELSE 80 END,
            CASE WHEN o.subtotal_cents IS NULL THEN 0 ELSE 60 END
     FROM orders o CROSS JOIN generate_series(1, 3) AS v WHERE v <= 1 + o.number % 3`,
  );
  const shipped = await dataSource.query(
    `INSERT INTO shipments (order_id, carrier, tracking_number) SELECT id, 'ups', '1Z' || number FROM orders WHERE status IN ('Shipped', 'Delivered') RETURNING id, order_id`,
  );
  await dataSource.query(
    `INSERT INTO shipment_lines (shipment_id, order_id, variant_id, count)
     SELECT s.id, l.order_id, l.variant_id, l.count FROM shipments s JOIN order_lines l ON l.order_id = s.order_id`,
  );
  await dataSource.query('ANALYZE');
  return shipped.length;
}

await runBenchmark(async () => {
  await withScratchDataSource(async (dataSource) => {
    const parcels = await seed(dataSource);
    step(`seeded 2,000 paid orders (${parcels} shipped)`);
    const db = Database.standalone(dataSource);
    const repository = new OrdersRepository(db);
    const shipments = new ShipmentsRepository(db);
    const service = { repository, shipments };

    /** The listing as it was: the ids by the same keyset statement, then the entities, then toOrder. */
    async function entityPage(filter) {
      const idsOf = async () => {
        const rows = await db.rows(
          `SELECT o.id FROM orders o WHERE o.status NOT IN ('Pending', 'Failed') ${filter.status ? 'AND o.status = $2' : ''}
           ORDER BY o.created_at DESC, o.id DESC LIMIT $1`,
          filter.status ? [LIMIT, filter.status] : [LIMIT],
        );
        const ids = rows.map((row) => row.id);
        const [orders, lines] = await Promise.all([
          dataSource.manager.findBy(OrderEntity, { id: In(ids) }),
          dataSource.manager.findBy(OrderLineEntity, { orderId: In(ids) }),
        ]);
        const byId = new Map(orders.map((order) => [order.id, order]));
        const linesOf = new Map();
        for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
        return ids.map((id) => ({ order: byId.get(id), lines: linesOf.get(id) ?? [] }));
      };
      const [page, count] = await Promise.all([idsOf(), repository.count(filter)]);
      const found = await shipments.forOrders(page.map(({ order }) => order.id));
      const orders = page.map(({ order, lines }) =>
        toOrder(
          order,
          lines,
          found.filter((shipment) => shipment.orderId === order.id),
        ),
      );
      return JSON.stringify(orders) + count.total;
    }

    /** The listing now: OrdersService.listPage over OrdersRepository.page. */
    async function rowPage(filter) {
      const page = await OrdersService.prototype.listPage.call(service, filter, LIMIT, undefined);
      return page.json + page.total;
    }

    const cases = { 'all orders': {}, Delivered: { status: 'Delivered' } };
    for (const [name, filter] of Object.entries(cases)) {
      if ((await entityPage(filter)) !== (await rowPage(filter))) throw new Error(`the two ways answer ${name} differently`);
    }
    for (const filter of Object.values(cases)) {
      await cpuPerCall(() => entityPage(filter), N); // warm-up: JIT, pool connections, metadata
      await cpuPerCall(() => rowPage(filter), N);
    }
    step(`${N} pages of ${LIMIT} per way and case, ${ROUNDS} rounds; API CPU per page (measured on this machine, as it is)`);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const parts = [];
      for (const [name, filter] of Object.entries(cases)) {
        const entities = await cpuPerCall(() => entityPage(filter), N);
        const rows = await cpuPerCall(() => rowPage(filter), N);
        parts.push(
          `${name}: entities ${(entities / 1000).toFixed(2)} ms, rows ${(rows / 1000).toFixed(2)} ms (${(entities / rows).toFixed(1)}x less)`,
        );
      }
      console.log(`round ${round}: ${parts.join('; ')}`);
    }
  });
});
