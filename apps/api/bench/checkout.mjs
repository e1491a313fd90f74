// `npm run bench:checkout`: what one API replica and its Postgres do per checkout, for the capacity note in docs/performance.md.
//
// Starts the built API (production settings, the test gateway: no network, the same database work as a real
// charge) on a scratch database with 20 products and 200 buyers, then loads it in turn with the catalogue list
// (the baseline, in the same run) and with checkouts: each request a different buyer, a fresh Idempotency-Key and
// one to three cart lines, and with quotes of such carts with a discount code (docs/pricing.md), at 10 and at 50
// connections, and the list again with checkouts beside it (does a sale empty the list cache?). Prints requests/s, p99, the API's CPU per request and the CPU of the API's own Postgres backends
// per request, from which the checkouts/s one Postgres primary can carry
// follow (its cores / its CPU per checkout). Afterwards it checks that every answered checkout is one Received
// order and that stock + sold did not change.
//
// A benchmark, not a test: it fails only when something does not work, never on a figure.
// Environment (all optional): BENCH_DATABASE_URL / TEST_DATABASE_URL (else an embedded Postgres), BENCH_DURATION
// (seconds per run, default 10), BENCH_WARMUP (default 3), BENCH_CONNECTIONS (default "10,50"); `--cpu-prof` (or
// BENCH_CPU_PROF=1) profiles the API and prints where its CPU went.
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import {
  allAnswered,
  backendsOf,
  connectionCounts,
  cpuBetween,
  cpuMicros,
  cpuOf,
  cpuProfiling,
  freePort,
  runBenchmark,
  runSeconds,
  scratchDatabaseOnServer,
  startApi,
  step,
  stopServer,
  summarizeProfile,
} from './support.mjs';

const PRODUCTS = 20;
const BUYERS = 200;
const { duration: DURATION, warmup: WARMUP } = runSeconds(10, 3);
const CONNECTIONS = connectionCounts('10,50');
const STOCK = 10_000_000;
/** Buyers checking out while the list is read, in the "browse while selling" run. */
const SELLING_CONNECTIONS = 4;

await runBenchmark(main);

async function main() {
  const { server, url: databaseUrl } = await scratchDatabaseOnServer();
  const secret = randomBytes(32).toString('hex');
  const profile = await cpuProfiling();
  const profileDir = profile?.dir;
  const api = await startApi('NestJS API', await freePort(), databaseUrl, {
    JWT_SECRET: secret,
    ...(profile ? { NODE_OPTIONS: profile.nodeOptions } : {}),
    // The per-buyer payment limit protects a shop from one account's abuse; here 200 buyers pay as fast as they can.
    PAYMENT_RATE_LIMIT: '1000000',
  });

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { products, buyers } = await seed(db);
    const tokens = buyers.map((id) => jwt.sign({ sub: id, role: 0, jti: randomUUID() }, secret, { algorithm: 'HS256', expiresIn: 3600 }));
    const before = await stockTotals(db);

    const scenarios = [
      { name: 'browse: GET /api/products?limit=100', requests: [{ method: 'GET', path: '/api/products?limit=100' }] },
      { name: 'checkout: POST /api/payment/braintree/{userId}', requests: [checkoutRequest(products, buyers, tokens)] },
      // The checkout's quote (docs/pricing.md) with a discount code: the products, the code and the buyer's uses read
      // per request, the shop's rules from the process's copy. The shop has no zones or rates here, so the checkouts
      // above pay as the original client does.
      { name: 'quote: POST /api/checkout/quote/{userId}', requests: [quoteRequest(products, buyers, tokens)] },
      // The list again while SELLING_CONNECTIONS buy beside it: a sale tells the caches `stock`, which they show
      // within LIST_STOCK_REFRESH_MS instead of dropping every list at every order (docs/performance.md).
      {
        name: 'browse while selling: the list, checkouts beside',
        requests: [{ method: 'GET', path: '/api/products?limit=100' }],
        beside: { requests: [checkoutRequest(products, buyers, tokens)], connections: SELLING_CONNECTIONS },
      },
    ];
    step(`load: ${CONNECTIONS.join(' and ')} connections, ${WARMUP} s warm-up then ${DURATION} s measured per run`);
    const rows = [];
    let checkouts = 0;
    for (const connections of CONNECTIONS) {
      for (const scenario of scenarios) {
        const warm = await load(api, db, scenario, WARMUP, connections);
        const run = await load(api, db, scenario, DURATION, connections);
        if (scenario.name.startsWith('checkout')) checkouts += warm.requests + run.requests;
        if (scenario.beside) checkouts += warm.besideRequests + run.besideRequests;
        rows.push({ connections, scenario, run });
        console.log(`  ${connections} conn  ${scenario.name} : ${format(run)}`);
      }
    }
    await verify(db, before, checkouts);
    report(rows, server.kind);
    if (profileDir) {
      await stopServer(api);
      await summarizeProfile(profileDir);
    }
  } finally {
    await db.end();
  }
}

/** 20 products with stock that never runs out, 200 buyers (who never sign in: their tokens are minted here). */
async function seed(db) {
  const [category] = (await db.query(`INSERT INTO categories (name) VALUES ('Bench') RETURNING id`)).rows;
  const { rows: products } = await db.query(
    `INSERT INTO products (name, description, price_cents, stock, sold, category_id)
     SELECT 'Bench tee ' || n, 'A t-shirt for the checkout benchmark', 1000 + n * 99, $2, 0, $1 FROM generate_series(1, $3) AS n
     RETURNING id, price_cents`,
    [category.id, STOCK, PRODUCTS],
  );
  const { rows: buyers } = await db.query(
    `INSERT INTO users (name, email, password_hash) SELECT 'Buyer ' || n, 'buyer' || n || '@bench.example', 'not-a-hash'
     FROM generate_series(1, $1) AS n RETURNING id`,
    [BUYERS],
  );
  await db.query(`INSERT INTO discount_codes (code, kind, value) VALUES ('BENCH10', 'percentage', 1000)`);
  await db.query('ANALYZE');
  step(`seeded ${PRODUCTS} products, ${BUYERS} buyers and a discount code`);
  return { products, buyers: buyers.map((row) => row.id) };
}

/** One autocannon request template whose every send is another buyer, a new key and a cart of 1-3 lines. */
function checkoutRequest(products, buyers, tokens) {
  let n = 0;
  return {
    method: 'POST',
    setupRequest: (request) => {
      n += 1;
      const buyer = n % buyers.length;
      const lines = Array.from({ length: 1 + (n % 3) }, (_, i) => products[(n + i * 7) % products.length]);
      const amountCents = lines.reduce((sum, product) => sum + product.price_cents, 0);
      return {
        ...request,
        path: `/api/payment/braintree/${buyers[buyer]}`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[buyer]}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          paymentInfo: {
            paymentMethodNonce: 'fake-valid-nonce',
            amount: amountCents / 100,
            products: lines.map((product) => ({ _id: product.id, count: 1 })),
          },
        }),
      };
    },
  };
}

/** Quotes of 1-3 line carts to the US with the code, each request another buyer. */
function quoteRequest(products, buyers, tokens) {
  let n = 0;
  return {
    method: 'POST',
    setupRequest: (request) => {
      n += 1;
      const buyer = n % buyers.length;
      const lines = Array.from({ length: 1 + (n % 3) }, (_, i) => products[(n + i * 7) % products.length]);
      return {
        ...request,
        path: `/api/checkout/quote/${buyers[buyer]}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[buyer]}` },
        body: JSON.stringify({
          products: lines.map((product) => ({ _id: product.id, count: 1 })),
          destination: { country: 'US' },
          discountCode: 'bench10',
        }),
      };
    },
  };
}

/** One autocannon run; every answer must be 2xx. CPU of the API process and of its Postgres backends, per request. */
async function load(api, db, scenario, seconds, connections) {
  const backends = await backendsOf(db);
  const [apiBefore, pgBefore] = [await cpuMicros(api.pid), await cpuOf(backends)];
  const run = (requests, conns) => autocannon({ url: api.url, connections: conns, duration: seconds, requests });
  const [result, beside] = await Promise.all([
    run(scenario.requests, connections),
    scenario.beside ? run(scenario.beside.requests, scenario.beside.connections) : undefined,
  ]);
  const answered = allAnswered(`${scenario.name} at ${connections} connections`, result);
  const besideAnswered = beside ? allAnswered(`${scenario.name} (beside) at ${scenario.beside.connections} connections`, beside) : 0;
  const [apiAfter, pgAfter] = [await cpuMicros(api.pid), await cpuOf(backends)];
  // CPU per request of the main load; with checkouts beside, it includes theirs (the rps is the figure to read).
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: answered,
    besideRequests: besideAnswered,
    besideRps: beside?.requests.average,
    apiCpu: apiBefore === undefined || apiAfter === undefined ? undefined : (apiAfter - apiBefore) / (answered + besideAnswered),
    pgCpu: cpuBetween(pgBefore, pgAfter) === undefined ? undefined : cpuBetween(pgBefore, pgAfter) / (answered + besideAnswered),
  };
}

async function stockTotals(db) {
  const [row] = (await db.query(`SELECT sum(stock + sold)::bigint AS total FROM products`)).rows;
  return Number(row.total);
}

/**
 * Every order is Received (none Pending or Failed), at least as many as the 200s counted (autocannon stops
 * counting at the end of a run while the last requests still complete), the units sold are the Received orders'
 * units, and stock + sold is what it was. The requests autocannon left in flight at the end of the last run finish
 * first: each look is one statement, so a reservation that commits meanwhile shows both its stock taken and its
 * Pending order, never the one without the other.
 */
async function verify(db, stockBefore, answered) {
  let state;
  for (let waited = 0; waited <= 10_000; waited += 100) {
    [state] = (
      await db.query(
        `SELECT (SELECT coalesce(json_object_agg(status, n), '{}') FROM (SELECT status, count(*)::int AS n FROM orders GROUP BY status) s) AS counts,
                (SELECT sum(sold) FROM products)::bigint AS sold,
                (SELECT sum(l.count) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status = 'Received')::bigint AS bought,
                (SELECT sum(stock + sold) FROM products)::bigint AS total`,
      )
    ).rows;
    if (!state.counts.Pending) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { counts } = state;
  if (Object.keys(counts).some((status) => status !== 'Received')) throw new Error(`orders not Received: ${JSON.stringify(counts)}`);
  if ((counts.Received ?? 0) < answered)
    throw new Error(`${answered} checkouts answered 200 but only ${counts.Received ?? 0} orders are Received`);
  if (Number(state.sold) !== Number(state.bought))
    throw new Error(`products sold ${state.sold} units, Received orders hold ${state.bought}`);
  const after = Number(state.total);
  if (after !== stockBefore) throw new Error(`stock + sold changed from ${stockBefore} to ${after}`);
  step(
    `${counts.Received.toLocaleString('en-US')} orders, all Received, ${Number(state.sold).toLocaleString('en-US')} units sold = their lines; stock + sold unchanged`,
  );
}

function format(run) {
  const cpu = (micros) => (micros === undefined ? '?' : `${Math.round(micros)} µs`);
  const beside = run.besideRps === undefined ? '' : ` (${Math.round(run.besideRps)} checkouts/s beside)`;
  return `${Math.round(run.rps).toLocaleString('en-US')} req/s, p99 ${run.p99} ms, API ${cpu(run.apiCpu)} CPU/req, Postgres ${cpu(run.pgCpu)} CPU/req${beside}`;
}

function report(rows, databaseKind) {
  const cpus = os.cpus();
  const lines = [
    '',
    `Checkout benchmark: ${PRODUCTS} products, ${BUYERS} buyers, the test gateway, Node ${process.versions.node}, ` +
      `${cpus.length} CPU (${cpus[0]?.model.trim()}), ${databaseKind}`,
    `autocannon, ${DURATION} s per run after ${WARMUP} s warm-up; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  ];
  for (const connections of CONNECTIONS) {
    const [browse, checkout] = ['browse', 'checkout'].map(
      (kind) => rows.find((r) => r.connections === connections && !r.scenario.beside && r.scenario.name.startsWith(kind))?.run,
    );
    lines.push('', `${connections} connections`);
    for (const row of rows.filter((r) => r.connections === connections)) lines.push(`  ${row.scenario.name.padEnd(48)} ${format(row.run)}`);
    const selling = rows.find((r) => r.connections === connections && r.scenario.beside)?.run;
    if (browse && selling) lines.push(`  browse while selling / browse alone requests/s: ${(selling.rps / browse.rps).toFixed(3)}x`);
    if (browse && checkout) {
      lines.push(`  checkout / browse requests/s: ${(checkout.rps / browse.rps).toFixed(3)}x`);
      if (checkout.pgCpu) {
        lines.push(
          `  one Postgres core carries about ${Math.round(1e6 / checkout.pgCpu).toLocaleString('en-US')} checkouts/s of backend CPU ` +
            `(${Math.round(checkout.pgCpu)} µs each; WAL flushes and the checkpointer come on top)`,
        );
      }
      if (checkout.apiCpu)
        lines.push(`  one API core carries about ${Math.round(1e6 / checkout.apiCpu).toLocaleString('en-US')} checkouts/s`);
    }
  }
  console.log(lines.join('\n'));
}
