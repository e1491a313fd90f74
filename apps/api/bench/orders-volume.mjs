// `npm run bench:orders`: the admin's order screens at 1,000 and at 100,000 orders.
//
// Seeds two scratch databases through the real schema (the triggers keep the daily rollup and the buyers'
// e-mails, as in production): 1,000 paid orders in one, 100,000 in the other, over the last 400 days, 1-3 lines
// each, 500 buyers. Starts the built API on each and loads, in turn, the admin's first page of orders, a search
// by e-mail prefix, a search matching no order, a search by order number, a status filter and the sales overview, at
// 10 connections. Prints requests/s, p99, the API's CPU per request and the orders a page holds, and the goal: each
// at 100,000 orders >= 0.8x its speed at 1,000 (the time does not grow with the order count). The e-mail prefix
// (`buyer42`: 11 of the 500 buyers) matches 22 orders at 1,000, a page of 50 not full, and 2,200 at 100,000; it runs
// again with pages of 20, full at both sizes.
//
// A benchmark, not a test: it fails only when something does not work, never on a figure.
// Environment (all optional): BENCH_DATABASE_URL / TEST_DATABASE_URL (else an embedded Postgres), BENCH_DURATION
// (seconds per run, default 5), BENCH_WARMUP (default 2), BENCH_CONNECTIONS (default 10).
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import {
  allAnswered,
  cpuMicros,
  databaseServer,
  freePort,
  positiveInteger,
  runBenchmark,
  runSeconds,
  scratchDatabase,
  settleSeededOrders,
  startApi,
  step,
} from './support.mjs';

const SIZES = [1_000, 100_000];
const { duration: DURATION, warmup: WARMUP } = runSeconds(5, 2);
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 10);
const BUYERS = 500;

await runBenchmark(main);

async function main() {
  const server = await databaseServer(await freePort());
  step(`scratch databases on ${server.kind}`);
  const secret = randomBytes(32).toString('hex');
  const targets = [];
  for (const size of SIZES) {
    const databaseUrl = await scratchDatabase(server.url);
    // The owner's token is minted here, with no second step (staff accounts need two-factor unless it is optional).
    const api = await startApi(`NestJS API, ${size.toLocaleString('en-US')} orders`, await freePort(), databaseUrl, {
      JWT_SECRET: secret,
      ADMIN_2FA: 'optional',
    });
    const seeded = await seed(databaseUrl, size);
    const token = jwt.sign({ sub: seeded.adminId, role: 1, jti: randomUUID() }, secret, { algorithm: 'HS256', expiresIn: 3600 });
    targets.push({ size, api, token, ...seeded });
  }

  const scenarios = [
    { name: 'first page of all orders', query: () => '?limit=50' },
    { name: 'search by e-mail prefix', query: () => '?limit=50&q=buyer42' },
    // The same search with pages both sizes fill (22 matches at 1,000 orders): equal answers, so what is left of any
    // difference is the search's growth with the order count, not a larger page to write.
    { name: 'same, pages of 20 (full at both)', query: () => '?limit=20&q=buyer42' },
    // A page no larger at 100,000 orders than at 1,000 (empty), so any growth is the search's own.
    { name: 'search matching no order', query: () => '?limit=50&q=nobody' },
    { name: 'search by order number', query: (t) => `?limit=50&q=${t.someNumber}` },
    { name: 'status filter (Shipped)', query: () => '?limit=50&status=Shipped' },
    { name: 'sales overview', path: (t) => `/api/order/overview/${t.adminId}` },
  ];
  const rows = [];
  for (const scenario of scenarios) {
    const runs = [];
    for (const target of targets) {
      const url = scenario.path ? scenario.path(target) : `/api/order/all/${target.adminId}${scenario.query(target)}`;
      const request = { method: 'GET', path: url, headers: { authorization: `Bearer ${target.token}` } };
      await load(target, request, WARMUP);
      const run = { ...(await load(target, request, DURATION)), orders: await ordersAnswered(target.api.url, request) };
      runs.push(run);
      console.log(`  ${scenario.name} at ${target.size.toLocaleString('en-US')} orders: ${format(run)}`);
    }
    rows.push({ scenario, runs });
  }
  report(rows, server.kind);
}

/** Paid orders over the last 400 days with 1-3 lines each, 500 buyers and an admin; through the real triggers. */
async function seed(databaseUrl, orders) {
  const started = Date.now();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('SET statement_timeout = 0');
    const [category] = (await db.query(`INSERT INTO categories (name) VALUES ('Bench') RETURNING id`)).rows;
    const { rows: products } = await db.query(
      `INSERT INTO products (name, description, price_cents, stock, sold, category_id)
       SELECT 'Bench tee ' || n, 'A t-shirt', 1000 + n * 50, n % 40, n * 3, $1 FROM generate_series(1, 30) AS n RETURNING id`,
      [category.id],
    );
    const [admin] = (
      await db.query(
        `INSERT INTO users (name, email, password_hash, role, staff_role, email_verified_at) VALUES ('Bench Admin', 'admin@bench.example', 'not-a-hash', 1, 'owner', now()) RETURNING id`,
      )
    ).rows;
    await db.query(
      `INSERT INTO users (name, email, password_hash) SELECT 'Buyer ' || n, 'buyer' || n || '@bench.example', 'not-a-hash' FROM generate_series(1, $1) AS n`,
      [BUYERS],
    );
    await db.query(
      `INSERT INTO orders (user_id, user_name, status, amount_cents, transaction_id, created_at)
       SELECT u.id, u.name, (ARRAY['Received','Processing','Shipped','Delivered','Cancelled'])[1 + n % 5], 2000 + n % 3000, 'bench' || n,
              now() - make_interval(secs => (n::float8 / $1) * 400 * 86400)
       FROM generate_series(1, $1) AS n
       JOIN LATERAL (SELECT id, name FROM users WHERE email = 'buyer' || (1 + n % $2) || '@bench.example') u ON true`,
      [orders, BUYERS],
    );
    await db.query(
      `INSERT INTO order_lines (order_id, product_id, variant_id, name, price_cents, count)
       SELECT o.id, p.id, (SELECT min(v.id) FROM product_variants v WHERE v.product_id = p.id), 'Bench tee', 1000, 1 FROM orders o
       CROSS JOIN LATERAL (SELECT id FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, i) WHERE i <= 1 + o.number % 3) p`,
      [products.map((p) => p.id)],
    );
    await settleSeededOrders(db);
    const [{ number }] = (await db.query(`SELECT number FROM orders ORDER BY number DESC OFFSET $1 LIMIT 1`, [Math.floor(orders / 2)]))
      .rows;
    step(`seeded ${orders.toLocaleString('en-US')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { adminId: admin.id, someNumber: Number(number) };
  } finally {
    await db.end();
  }
}

async function load(target, request, seconds) {
  const before = await cpuMicros(target.api.pid);
  const result = await autocannon({ url: target.api.url, connections: CONNECTIONS, duration: seconds, requests: [request] });
  const answered = allAnswered(request.path, result);
  const after = await cpuMicros(target.api.pid);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpu: before === undefined || after === undefined ? undefined : (after - before) / answered,
  };
}

/**
 * How many orders a list's answer holds (undefined for the overview): a page of fewer than 50 costs less to write, so a
 * scenario whose page fills at one size and not at the other compares unequal pages.
 */
async function ordersAnswered(url, request) {
  const response = await fetch(`${url}${request.path}`, { headers: request.headers });
  const body = await response.json();
  return Array.isArray(body) ? body.length : undefined;
}

function format(run) {
  const cpu = run.cpu === undefined ? '' : `, ${Math.round(run.cpu)} µs CPU/req`;
  return `${Math.round(run.rps).toLocaleString('en-US')} req/s, p99 ${run.p99} ms${cpu}${run.orders === undefined ? '' : `, ${run.orders} orders`}`;
}

function report(rows, databaseKind) {
  const cpus = os.cpus();
  const width = Math.max(...rows.map((row) => row.scenario.name.length));
  const lines = [
    '',
    `Orders benchmark: ${SIZES.map((n) => n.toLocaleString('en-US')).join(' vs ')} paid orders, Node ${process.versions.node}, ${cpus.length} CPU (${cpus[0]?.model.trim()}), ${databaseKind}`,
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
    '',
    `${'scenario'.padEnd(width)}  ${SIZES.map((n) => `${n.toLocaleString('en-US')} orders`.padEnd(52)).join('  ')}  ratio  goal (>= 0.80x)`,
  ];
  for (const { scenario, runs } of rows) {
    const [small, large] = runs;
    const ratio = large.rps / small.rps;
    // CPU per request is steadier than requests/s on a busy machine: report the better-founded of the two.
    const byCpu = small.cpu && large.cpu ? small.cpu / large.cpu : undefined;
    const met = ratio >= 0.8 || (byCpu !== undefined && byCpu >= 0.8);
    lines.push(
      `${scenario.name.padEnd(width)}  ${runs.map((run) => format(run).padEnd(52)).join('  ')}  ${ratio.toFixed(2)}x${byCpu === undefined ? '' : ` (CPU ${byCpu.toFixed(2)}x)`}  ${met ? 'met' : 'NOT MET'}`,
    );
  }
  console.log(lines.join('\n'));
}
