// `npm run bench:mixed`: a shop at the scale of Vendure's own load test (1,000 products x 10 variants, 10,000
// orders) under a mixed workload, each call beside a plain reference doing the same essential work.
//
// Seeds one scratch database through the real schema (two options, Colour x Size, ten variants a product; paid
// orders over 90 days with 1-3 lines; 200 buyers, an owner, a discount code), starts the built API (production
// settings, the offline test gateway) and plain-mixed-server.mjs on it. Then, at 10 and at 50 connections:
//   1. each call alone, on the API and on the plain server: requests/s, p50/p95/p99, CPU per request of the server
//      and of its Postgres backends, and the ratio (API / plain);
//   2. the mix, all six at once, the connections shared out as shoppers and staff would be (browse 40%, product
//      page 24%, search 10%, quote 10%, checkout 6%, admin orders 10%): per call requests/s and p50/p95/p99, and
//      the CPU per request of the whole mix;
//   3. browse while selling: the cached list read on all connections but 4, which check out beside it (does a sale
//      empty the list's cache?), on each server, the list's requests/s against the plain server's own list with its
//      own checkouts beside.
// Afterwards it checks that every answered checkout is a Received order and that stock + sold did not change.
// Searches beyond SEARCH_CONCURRENCY in flight are shed by the API (503, by design): counted apart, not as served.
// Goals (docs/performance.md): no hot read (browse, product page, search, admin orders) below 0.5x its reference; the
// checkout at >= 0.5x its paid orders/s, p99 <= 1.5x, CPU per paid order <= 2x for the API and for Postgres; the
// admin's page of 50 orders under 1 ms of API CPU; the list while selling >= 0.5x its reference's.
//
// On a shared machine a server's CPU per request drifts by a fifth or more from one minute to the next, which moves
// a ratio of two runs made a minute apart as much as a change would. BENCH_ROUNDS=n (default 1) measures each call
// alone n times, the API and the plain server in turn (API first in every other round), and reports every round and
// the median of the rounds' ratios: each ratio then compares two runs seconds apart. The mix and browse while selling
// are run in rounds too. The checkout alone always runs at least BENCH_CHECKOUT_ROUNDS rounds (default 3): its API
// CPU goal sits within one round's spread of its limit, so one round's verdict says more of the minute than of the API.
//
// A benchmark, not a test: it fails only when something does not work, never on a figure.
// Environment (all optional): BENCH_DATABASE_URL / TEST_DATABASE_URL (else an embedded Postgres), BENCH_DURATION
// (seconds per run, default 8), BENCH_WARMUP (default 2), BENCH_CONNECTIONS (default "10,50"), BENCH_BROWSE_LIMIT
// (the browsed page's size, default 24: a grid; 100 is the API's largest page), BENCH_CALLS (comma-separated call names,
// e.g. "quote": only those calls, each alone; "mix" and "selling" among them run the mix and browse while selling too,
// "mix" alone only the mix; default all six, the mix and browse while selling); `--cpu-prof` (or
// BENCH_CPU_PROF=1) profiles the API and prints where its CPU went (the plain server's runs are not in it);
// BENCH_ROUNDS (above); BENCH_SERVER_LOGS=<folder> keeps both servers' logs there (else they go to /dev/null).
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import hdr from 'hdr-histogram-js';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import {
  backendsOf,
  connectionCounts,
  cpuBetween,
  cpuMicros,
  cpuOf,
  cpuProfiling,
  freePort,
  positiveInteger,
  runBenchmark,
  runSeconds,
  scratchDatabaseOnServer,
  settleSeededOrders,
  startApi,
  startServer,
  statusesOtherThan2xx,
  step,
  stopServer,
  summarizeProfile,
} from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PRODUCTS = 1000;
const COLOURS = ['Black', 'White'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const ORDERS = 10_000;
const BUYERS = 200;
/** Per variant: enough that no run sells out. */
const STOCK = 1_000_000;
const { duration: DURATION, warmup: WARMUP } = runSeconds(8, 2);
const CONNECTIONS = connectionCounts('10,50');
const ROUNDS = positiveInteger('BENCH_ROUNDS', 1);
const CHECKOUT_ROUNDS = Math.max(ROUNDS, positiveInteger('BENCH_CHECKOUT_ROUNDS', 3));
/** Rounds of a call measured alone: the checkout's at least CHECKOUT_ROUNDS, every other call's ROUNDS. */
const roundsAlone = (name) => (name === 'checkout' ? CHECKOUT_ROUNDS : ROUNDS);
const BROWSE_LIMIT = positiveInteger('BENCH_BROWSE_LIMIT', 24);
/** The mix's share of the connections per call. */
const MIX = { browse: 0.4, product: 0.24, search: 0.1, quote: 0.1, checkout: 0.06, orders: 0.1 };
const HOT_READS = ['browse', 'product', 'search', 'orders'];
/** Buyers checking out while the list is read, in "browse while selling". */
const SELLING_CHECKOUTS = 4;
/**
 * The runs with calls sharing the connections, each named in BENCH_CALLS by its key: the mix, and the cached list read
 * while buyers check out beside it (does a sale empty the list's cache?), each call's requests/s against the plain
 * reference under the same load, its goal >= 0.5x for the calls named.
 */
const SHARED_LOADS = {
  mix: { title: 'the mix', shares: shareOut, goals: HOT_READS },
  selling: {
    title: 'browse while selling',
    shares: (connections) => ({ browse: connections - SELLING_CHECKOUTS, checkout: SELLING_CHECKOUTS }),
    goals: ['browse'],
  },
};

await runBenchmark(main);

async function main() {
  const { server, url: databaseUrl } = await scratchDatabaseOnServer();
  const secret = randomBytes(32).toString('hex');
  const profile = await cpuProfiling();
  const api = await startApi('NestJS API', await freePort(), databaseUrl, {
    JWT_SECRET: secret,
    ...(profile ? { NODE_OPTIONS: profile.nodeOptions } : {}),
    // The benchmark's buyers pay as fast as they can; its owner's token is minted here, with no second step.
    PAYMENT_RATE_LIMIT: '1000000',
    ADMIN_2FA: 'optional',
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const shop = await seed(db);
    const plain = await startServer(
      'plain reference',
      [path.join(here, 'plain-mixed-server.mjs')],
      await freePort(),
      databaseUrl,
      '/api/products?limit=1',
      {
        JWT_SECRET: secret,
      },
    );
    const sign = (sub, role) => jwt.sign({ sub, role, jti: randomUUID() }, secret, { algorithm: 'HS256', expiresIn: 3600 });
    const tokens = shop.buyers.map((id) => sign(id, 0));
    const ownerToken = sign(shop.ownerId, 1);
    const allCalls = makeCalls(shop, tokens, ownerToken);
    const { alone: aloneCalls, shared: sharedLoads } = selectCalls(allCalls);
    const calls = sharedLoads.length > 0 ? allCalls : aloneCalls;
    const before = await stockTotals(db);
    await checkSameCalls(calls, api, plain);

    step(`load: ${CONNECTIONS.join(' and ')} connections, ${WARMUP} s warm-up then ${DURATION} s measured per run`);
    const alone = [];
    const shared = [];
    for (const connections of CONNECTIONS) {
      for (const [name, call] of Object.entries(aloneCalls)) {
        const rounds = roundsAlone(name);
        await inRounds([plain, api], db, { [name]: connections }, calls, rounds, (round, target, result) => {
          alone.push({ connections, name, round, target: target.name, ...result });
          console.log(
            `  ${connections} conn  ${roundLabel(round, rounds)}${call.label} on ${target.name}: ${format(result.calls[name], result)}`,
          );
        });
      }
      for (const key of sharedLoads) {
        const { title, shares } = SHARED_LOADS[key];
        await inRounds([plain, api], db, shares(connections), calls, ROUNDS, (round, target, result) => {
          shared.push({ key, connections, round, target: target.name, ...result });
          console.log(
            `  ${connections} conn  ${roundLabel(round, ROUNDS)}${title} on ${target.name}: ${Math.round(result.total.rps)} req/s`,
          );
        });
      }
    }
    await verify(db, before);
    report(alone, shared, aloneCalls, sharedLoads, [plain.name, api.name], server.kind);
    if (profile) {
      await stopServer(api);
      await summarizeProfile(profile.dir);
    }
  } finally {
    await db.end();
  }
}

/**
 * 1,000 products in 10 categories, each with Colour (2) x Size (5) and a variant per pair; 200 buyers and an owner;
 * 10,000 paid orders over the last 90 days, 1-3 lines of variants each, through the real triggers (rollups, e-mails).
 */
async function seed(db) {
  const started = Date.now();
  await db.query('SET statement_timeout = 0');
  const categories = (
    await db.query(`INSERT INTO categories (name) SELECT 'Mixed ' || n FROM generate_series(1, 10) AS n RETURNING id`)
  ).rows.map((row) => row.id);
  // A description of about 300 characters, as the demo's, so pages and search weigh what a shop's do.
  const description = 'A heavyweight cotton t-shirt, garment dyed and pre-shrunk, with a ribbed collar and a relaxed fit. '.repeat(3);
  await db.query(
    `INSERT INTO products (name, description, price_cents, stock, sold, category_id)
     SELECT (ARRAY['Cedar','Harbor','Summit','Meadow','Canyon','Ember','Glacier','Prairie'])[1 + n % 8] || ' tee ' || n,
            $1, 1500 + (n % 20) * 100, $2, 0, ($3::uuid[])[1 + n % 10]
     FROM generate_series(1, $4) AS n`,
    [description, STOCK * COLOURS.length * SIZES.length, categories, PRODUCTS],
  );
  // Every product got its default variant (a trigger); options replace it, as the admin's form does.
  await db.query('DELETE FROM product_variants');
  await db.query(`INSERT INTO product_options (product_id, name, position)
    SELECT id, o.name, o.position FROM products CROSS JOIN (VALUES ('Colour', 0), ('Size', 1)) AS o (name, position)`);
  await db.query(
    `INSERT INTO product_option_values (option_id, value, position, swatch_hex)
     SELECT o.id, v.value, v.position - 1, CASE WHEN o.position = 0 THEN (ARRAY['#111111', '#f5f5f5'])[v.position] END
     FROM product_options o
     CROSS JOIN LATERAL unnest(CASE WHEN o.position = 0 THEN $1::text[] ELSE $2::text[] END) WITH ORDINALITY AS v (value, position)`,
    [COLOURS, SIZES],
  );
  await db.query(
    `INSERT INTO product_variants (product_id, sku, option1_value_id, option2_value_id, stock, position)
     SELECT p.id, upper(substr(replace(p.id::text, '-', ''), 1, 12)) || '-' || c.position || s.position, c.id, s.id, $1,
            c.position * 10 + s.position
     FROM products p
     JOIN product_options co ON co.product_id = p.id AND co.position = 0 JOIN product_option_values c ON c.option_id = co.id
     JOIN product_options so ON so.product_id = p.id AND so.position = 1 JOIN product_option_values s ON s.option_id = so.id`,
    [STOCK],
  );
  const [owner] = (
    await db.query(
      `INSERT INTO users (name, email, password_hash, role, staff_role, email_verified_at)
       VALUES ('Bench Owner', 'owner@bench.example', 'not-a-hash', 1, 'owner', now()) RETURNING id`,
    )
  ).rows;
  const buyers = (
    await db.query(
      `INSERT INTO users (name, email, password_hash) SELECT 'Buyer ' || n, 'buyer' || n || '@bench.example', 'not-a-hash'
       FROM generate_series(1, $1) AS n RETURNING id`,
      [BUYERS],
    )
  ).rows.map((row) => row.id);
  await db.query(
    `INSERT INTO orders (user_id, user_name, status, amount_cents, transaction_id, created_at)
     SELECT u.id, u.name, (ARRAY['Received','Processing','Shipped','Delivered','Cancelled'])[1 + n % 5], 2000 + n % 3000, 'bench' || n,
            now() - make_interval(secs => (n::float8 / $1) * 90 * 86400)
     FROM generate_series(1, $1) AS n
     JOIN LATERAL (SELECT id, name FROM users WHERE email = 'buyer' || (1 + n % $2) || '@bench.example') u ON true`,
    [ORDERS, BUYERS],
  );
  await db.query(
    `INSERT INTO order_lines (order_id, product_id, variant_id, sku, variant_label, name, price_cents, count)
     SELECT o.id, v.product_id, v.id, v.sku, 'Black / M', 'Bench tee', 1500, 1 FROM orders o
     CROSS JOIN LATERAL (SELECT k FROM generate_series(0, o.number % 3) AS k) AS line
     JOIN LATERAL (SELECT id, product_id, sku FROM product_variants WHERE id = 1 + ((o.number * 7 + line.k * 131) % ($1 * 10))) v ON true`,
    [PRODUCTS],
  );
  await db.query(`INSERT INTO discount_codes (code, kind, value) VALUES ('BENCH10', 'percentage', 1000)`);
  await settleSeededOrders(db);
  const variants = (
    await db.query(`SELECT v.id, v.product_id, coalesce(v.price_cents, p.price_cents) AS price_cents FROM product_variants v
                    JOIN products p ON p.id = v.product_id ORDER BY v.id`)
  ).rows;
  const [{ n: lines }] = (await db.query('SELECT count(*)::int AS n FROM order_lines')).rows;
  step(
    `seeded ${PRODUCTS.toLocaleString('en-US')} products x ${variants.length / PRODUCTS} variants, ${ORDERS.toLocaleString('en-US')} orders ` +
      `(${lines.toLocaleString('en-US')} lines), ${BUYERS} buyers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { ownerId: owner.id, buyers, variants, productIds: [...new Set(variants.map((v) => v.product_id))] };
}

/** The six calls: what each sends, a request per send (another product, buyer, search word or cart each time). */
function makeCalls(shop, tokens, ownerToken) {
  const words = ['cedar', 'harbor', 'summit', 'meadow', 'canyon', 'ember', 'glacier', 'prairie'];
  const cart = (n) =>
    Array.from({ length: 1 + (n % 3) }, (_, i) => shop.variants[(n * 37 + i * 1013) % shop.variants.length]).filter(
      (v, i, all) => all.findIndex((w) => w.id === v.id) === i,
    );
  const buyer = (n) => n % shop.buyers.length;
  return {
    browse: {
      label: `browse: GET /api/products?limit=${BROWSE_LIMIT} (cached)`,
      request: () => ({ method: 'GET', path: `/api/products?limit=${BROWSE_LIMIT}` }),
    },
    product: {
      label: 'product page: GET /api/product/{id}',
      request: (n) => ({ method: 'GET', path: `/api/product/${shop.productIds[(n * 7919) % shop.productIds.length]}` }),
    },
    search: {
      label: 'search: GET /api/products?q={word}&limit=24',
      // Searches past SEARCH_CONCURRENCY per process are refused 503 + Retry-After by design (docs/security.md).
      shed: true,
      // A word and a product number: as many distinct searches as a shop's visitors type (cache misses, mostly).
      request: (n) => ({ method: 'GET', path: `/api/products?q=${words[n % words.length]}%20${1 + (n % PRODUCTS)}&limit=24` }),
    },
    quote: {
      label: 'quote: POST /api/checkout/quote/{userId}',
      request: (n) => ({
        method: 'POST',
        path: `/api/checkout/quote/${shop.buyers[buyer(n)]}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[buyer(n)]}` },
        body: JSON.stringify({
          products: cart(n).map((v) => ({ _id: v.product_id, variant: v.id, count: 1 })),
          destination: { country: 'US' },
          discountCode: 'bench10',
        }),
      }),
    },
    checkout: {
      label: 'checkout: POST /api/payment/braintree/{userId}',
      request: (n) => {
        const lines = cart(n);
        return {
          method: 'POST',
          path: `/api/payment/braintree/${shop.buyers[buyer(n)]}`,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[buyer(n)]}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            paymentInfo: {
              paymentMethodNonce: 'fake-valid-nonce',
              amount: lines.reduce((sum, v) => sum + v.price_cents, 0) / 100,
              products: lines.map((v) => ({ _id: v.product_id, variant: v.id, count: 1 })),
            },
          }),
        };
      },
    },
    orders: {
      label: 'admin orders: GET /api/order/all/{userId}?limit=50',
      request: () => ({
        method: 'GET',
        path: `/api/order/all/${shop.ownerId}?limit=50`,
        headers: { authorization: `Bearer ${ownerToken}` },
      }),
    },
  };
}

/**
 * The calls BENCH_CALLS names to run alone, and the runs of calls sharing connections it names (`mix`, `selling`);
 * unset: all six alone, the mix and browse while selling.
 */
function selectCalls(calls) {
  const names = process.env.BENCH_CALLS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names?.length) return { alone: calls, shared: Object.keys(SHARED_LOADS) };
  const unknown = names.filter((name) => !(name in SHARED_LOADS) && !(name in calls));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_CALLS: no call ${unknown.join(', ')} (the calls: ${[...Object.keys(calls), ...Object.keys(SHARED_LOADS)].join(', ')})`,
    );
  }
  return {
    alone: Object.fromEntries(names.filter((name) => name in calls).map((name) => [name, calls[name]])),
    shared: names.filter((name) => name in SHARED_LOADS),
  };
}

/** Every call answers 200 on both servers with a body of the same length within 10% (reads) before anything is measured. */
async function checkSameCalls(calls, api, plain) {
  for (const [name, call] of Object.entries(calls)) {
    const sizes = [];
    for (const target of [api, plain]) {
      const { method, path: url, headers, body } = call.request(1);
      const response = await fetch(`${target.url}${url}`, { method, headers, body });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${call.label} on ${target.name}: ${response.status} ${text.slice(0, 300)}`);
      sizes.push(text.length);
    }
    if (HOT_READS.includes(name) && Math.abs(sizes[0] - sizes[1]) > 0.1 * sizes[0])
      throw new Error(`${call.label}: the API answered ${sizes[0]} bytes, the plain server ${sizes[1]}: not the same work`);
  }
  step('each call answers 200 on both servers, reads of the same size');
}

/**
 * One load (`shares`: connections per call) measured on both servers, `rounds` times: with rounds, both warm up first;
 * then each run is preceded by a short one, which also reopens the pool connections its server's pool closed while
 * idle (a backend that is new during a run is not counted), and the API goes first in every other round.
 * `measured(round, target, result)` is given each measured run.
 */
async function inRounds([plain, api], db, shares, calls, rounds, measured) {
  if (rounds > 1) for (const target of [plain, api]) await run(target, db, shares, calls, WARMUP);
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of round % 2 === 1 ? [plain, api] : [api, plain]) {
      await run(target, db, shares, calls, rounds > 1 ? Math.min(WARMUP, 2) : WARMUP);
      measured(round, target, await run(target, db, shares, calls, DURATION));
    }
  }
}

/** A run's round in its progress line, when there are rounds. */
function roundLabel(round, rounds) {
  return rounds > 1 ? `round ${round}, ` : '';
}

/** The connections of the mix shared out by MIX, at least one each. */
function shareOut(connections) {
  return Object.fromEntries(Object.entries(MIX).map(([name, share]) => [name, Math.max(1, Math.round(connections * share))]));
}

/**
 * One run: an autocannon per call with its share of the connections, all at once; each response's latency into a
 * histogram of its call (p50/p95/p99). CPU of the server and of its Postgres backends per request, over all calls.
 */
async function run(target, db, shares, calls, seconds) {
  const backends = await backendsOf(db);
  const [cpuBefore, pgBefore] = [await cpuMicros(target.pid), await cpuOf(backends)];
  const results = await Promise.all(
    Object.entries(shares).map(async ([name, connections]) => {
      const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });
      let n = 0;
      let shed = 0;
      // The first answer that is neither a 200 nor an expected shed, to name in the error.
      let firstOther;
      const result = await autocannon({
        url: target.url,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request, context) => {
              n += 1;
              context.sentAt = process.hrtime.bigint();
              return { ...request, ...calls[name].request(n) };
            },
            onResponse: (status, body, context) => {
              if (status === 200) histogram.recordValue(Number((process.hrtime.bigint() - context.sentAt) / 1000n));
              else if (status === 503 && calls[name].shed) shed += 1;
              else firstOther ??= `${status} ${String(body ?? '').slice(0, 300)}`;
            },
          },
        ],
      });
      const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
      if (result.errors > 0 || result.timeouts > 0 || result['2xx'] + shed !== answered) {
        throw new Error(
          `${calls[name].label} on ${target.name}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
            `${answered - result['2xx'] - shed} answers other than 2xx${calls[name].shed ? ' or a shed 503' : ''}` +
            (firstOther ? ` (${statusesOtherThan2xx(result)}; the first: ${firstOther})` : ''),
        );
      }
      const ms = (p) => histogram.getValueAtPercentile(p) / 1000;
      // Requests/s and latencies of the answers (a shed search's fast 503 is counted apart, not as served).
      return [name, { rps: result['2xx'] / seconds, requests: answered, shed, p50: ms(50), p95: ms(95), p99: ms(99) }];
    }),
  );
  const [cpuAfter, pgAfter] = [await cpuMicros(target.pid), await cpuOf(backends)];
  const requests = results.reduce((sum, [, r]) => sum + r.requests, 0);
  const pgCpu = cpuBetween(pgBefore, pgAfter);
  return {
    calls: Object.fromEntries(results),
    total: { rps: results.reduce((sum, [, r]) => sum + r.rps, 0), requests },
    serverCpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / requests,
    pgCpu: pgCpu === undefined ? undefined : pgCpu / requests,
  };
}

async function stockTotals(db) {
  const [row] = (
    await db.query(
      `SELECT (SELECT sum(stock + sold) FROM products)::bigint AS p, (SELECT sum(stock + sold) FROM product_variants)::bigint AS v`,
    )
  ).rows;
  return `${row.p}/${row.v}`;
}

/**
 * Nothing left pending, every new order Received, stock + sold unchanged on products and on variants. The checkouts
 * autocannon left in flight at the end of the last run finish first: each look is one statement, so a reservation
 * that commits meanwhile shows both its stock taken and its Pending order, never the one without the other.
 */
async function verify(db, before) {
  let state;
  for (let waited = 0; waited <= 10_000; waited += 100) {
    [state] = (
      await db.query(
        `SELECT count(*) FILTER (WHERE status = 'Failed')::int AS failed, count(*) FILTER (WHERE status = 'Pending')::int AS pending,
                (SELECT sum(stock + sold) FROM products)::bigint AS p, (SELECT sum(stock + sold) FROM product_variants)::bigint AS v
         FROM orders`,
      )
    ).rows;
    if (state.pending === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { failed, pending } = state;
  if (failed > 0 || pending > 0) {
    // Which server made each (the plain one records no price breakdown), its age, and its idempotency key's state:
    // what a look into the watch item "an order left Pending" needs (docs/performance.md).
    const left = (
      await db.query(
        `SELECT o.id, o.status, o.subtotal_cents IS NULL AS plain, o.created_at, o.updated_at, now() - o.created_at AS age,
                k.status_code, k.completed_at, k.created_at AS key_created_at,
                (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)::int AS lines
         FROM orders o LEFT JOIN payment_idempotency_keys k ON k.order_id = o.id
         WHERE o.status IN ('Failed', 'Pending') ORDER BY o.created_at`,
      )
    ).rows;
    throw new Error(`${failed} failed and ${pending} pending orders after the runs:\n${left.map((row) => JSON.stringify(row)).join('\n')}`);
  }
  const after = `${state.p}/${state.v}`;
  if (after !== before) throw new Error(`stock + sold (products/variants) changed from ${before} to ${after}`);
  step('no order failed or left pending; stock + sold unchanged on products and variants');
}

function format(run, whole) {
  const cpu = (micros) => (micros === undefined ? '?' : `${Math.round(micros)} µs`);
  return (
    `${Math.round(run.rps).toLocaleString('en-US')} req/s, p50/p95/p99 ${run.p50}/${run.p95}/${run.p99} ms` +
    (run.shed ? `, ${run.shed} shed (503)` : '') +
    (whole ? `, server ${cpu(whole.serverCpu)} CPU/req, Postgres ${cpu(whole.pgCpu)} CPU/req` : '')
  );
}

/** API / plain of one call alone: requests/s, p99, and CPU per request of the server and of Postgres. */
function ratiosOf(name, api, plain) {
  return {
    rps: api.calls[name].rps / plain.calls[name].rps,
    p99: api.calls[name].p99 / plain.calls[name].p99,
    serverCpu: api.serverCpu / plain.serverCpu,
    pgCpu: api.pgCpu / plain.pgCpu,
  };
}

function formatRatios(ratios) {
  const x = (ratio) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '?');
  return `${x(ratios.rps)} requests/s, p99 ${x(ratios.p99)}, CPU per request: server ${x(ratios.serverCpu)}, Postgres ${x(ratios.pgCpu)}`;
}

function medianOf(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The goals of docs/performance.md for one call alone, each with whether it was met (ratios: the rounds' median). */
function goalsOf(name, ratios, apiCpu) {
  const check = (text, met) => `${text}: ${met ? 'met' : 'NOT MET'}`;
  const goals = [];
  if (HOT_READS.includes(name)) goals.push(check('requests/s >= 0.5x', ratios.rps >= 0.5));
  if (name === 'orders') goals.push(check('API CPU per page < 1 ms', apiCpu < 1000));
  if (name === 'checkout') {
    goals.push(
      check('paid orders/s >= 0.5x', ratios.rps >= 0.5),
      check('p99 <= 1.5x', ratios.p99 <= 1.5),
      check('API CPU per paid order <= 2x', ratios.serverCpu <= 2),
      check('Postgres CPU per paid order <= 2x', ratios.pgCpu <= 2),
    );
  }
  return goals;
}

function report(alone, shared, calls, sharedLoads, [plainName, apiName], databaseKind) {
  const cpus = os.cpus();
  const lines = [
    '',
    `Mixed benchmark: ${PRODUCTS.toLocaleString('en-US')} products x ${COLOURS.length * SIZES.length} variants, ${ORDERS.toLocaleString('en-US')} orders, ` +
      `Node ${process.versions.node}, ${cpus.length} CPU (${cpus[0]?.model.trim()}), ${databaseKind}`,
    `autocannon, ${DURATION} s per run after ${WARMUP} s warm-up${ROUNDS > 1 ? `, ${ROUNDS} rounds of each run` : ''}${
      'checkout' in calls && CHECKOUT_ROUNDS > ROUNDS ? `, the checkout alone in ${CHECKOUT_ROUNDS} rounds` : ''
    }; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  ];
  for (const connections of CONNECTIONS) {
    lines.push('', `${connections} connections, each call alone (API / plain: requests/s; CPU per request, server + Postgres)`);
    for (const name of Object.keys(calls)) {
      lines.push(`  ${calls[name].label}`);
      const rounds = [];
      const count = roundsAlone(name);
      for (let round = 1; round <= count; round += 1) {
        const [plain, api] = [plainName, apiName].map((target) =>
          alone.find((r) => r.connections === connections && r.name === name && r.round === round && r.target === target),
        );
        const ratios = ratiosOf(name, api, plain);
        rounds.push({ api, ratios });
        const label = count > 1 ? `round ${round}: ` : '';
        lines.push(
          `    ${label}API    ${format(api.calls[name], api)}`,
          `    ${label}plain  ${format(plain.calls[name], plain)}`,
          `    ${label}ratio  ${formatRatios(ratios)}`,
        );
      }
      const median = Object.fromEntries(Object.keys(rounds[0].ratios).map((key) => [key, medianOf(rounds.map((r) => r.ratios[key]))]));
      const apiCpu = medianOf(rounds.map((r) => r.api.serverCpu));
      if (count > 1) lines.push(`    median of ${count} rounds  ${formatRatios(median)}; API ${Math.round(apiCpu)} µs CPU/req`);
      lines.push(...goalsOf(name, median, apiCpu).map((goal) => `    goal   ${goal}`));
    }
    for (const key of sharedLoads) {
      const { title, shares: shareFor, goals } = SHARED_LOADS[key];
      const shares = shareFor(connections);
      const names = Object.keys(shares);
      lines.push(
        '',
        `${connections} connections, ${title} (${Object.entries(shares)
          .map(([name, n]) => `${name} ${n}`)
          .join(', ')})`,
      );
      const cpu = (micros) => (micros === undefined ? '?' : `${Math.round(micros)} µs`);
      const rounds = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        const [plain, api] = [plainName, apiName].map((target) =>
          shared.find((r) => r.key === key && r.connections === connections && r.round === round && r.target === target),
        );
        const label = ROUNDS > 1 ? `round ${round}: ` : '';
        const ratios = Object.fromEntries(names.map((name) => [name, api.calls[name].rps / plain.calls[name].rps]));
        rounds.push(ratios);
        for (const name of names) {
          lines.push(
            `  ${label}${name.padEnd(9)} API ${format(api.calls[name])}  |  plain ${format(plain.calls[name])}  |  ${ratios[name].toFixed(2)}x`,
          );
        }
        lines.push(
          `  ${label}all       API ${Math.round(api.total.rps)} req/s, ${cpu(api.serverCpu)} + Postgres ${cpu(api.pgCpu)} CPU/req  |  plain ${Math.round(plain.total.rps)} req/s, ${cpu(plain.serverCpu)} + Postgres ${cpu(plain.pgCpu)} CPU/req`,
        );
      }
      const median = Object.fromEntries(names.map((name) => [name, medianOf(rounds.map((ratios) => ratios[name]))]));
      if (ROUNDS > 1) lines.push(`  median of ${ROUNDS} rounds  ${names.map((name) => `${name} ${median[name].toFixed(2)}x`).join(', ')}`);
      for (const name of goals) lines.push(`  goal   ${name} requests/s >= 0.5x in ${title}: ${median[name] >= 0.5 ? 'met' : 'NOT MET'}`);
    }
  }
  console.log(lines.join('\n'));
}
