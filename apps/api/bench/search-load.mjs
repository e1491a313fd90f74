// `npm run bench:search`: searches must not starve the store.
//
// Starts the built API (production settings) on a scratch database with 20,000 products whose descriptions are
// about 1 KB of words drawn from a 120-word vocabulary, then, for BENCH_DURATION seconds, keeps 50 eight-word
// searches in flight (each a fresh random choice of words, so the cache cannot answer them) while one client at a
// time calls the other routes: the readiness probe, a product (read from the database), the categories and the
// cached first page of the catalogue. Prints, for the searches and for each other route, the answers by status
// and the p50/p99/max latency, the machine's load average, and the goals: other routes p99 < 100 ms, /api/health
// always 200, search p99 < 300 ms (of the searches answered 200, and of all of them: the surplus past
// SEARCH_CONCURRENCY gets an immediate 503 with Retry-After).
//
// A benchmark, not a test: it fails only when something does not work (a 500, a refused health check is
// reported, not thrown), never on a figure.
// Environment (all optional): BENCH_DATABASE_URL / TEST_DATABASE_URL (else an embedded Postgres), BENCH_DURATION
// (seconds, default 15), BENCH_WARMUP (default 3), BENCH_SEARCHES (searches in flight, default 50),
// BENCH_RETRY_AFTER=1 (a refused search waits the Retry-After it was given before its next one, as a well-behaved
// client does; by default it asks again at once, as an attacker does).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import pg from 'pg';
import { freePort, positiveInteger, runBenchmark, runSeconds, scratchDatabaseOnServer, startApi, step } from './support.mjs';

const PRODUCTS = 20_000;
const DESCRIPTION_CHARS = 1000;
const { duration: DURATION, warmup: WARMUP } = runSeconds(15, 3);
const SEARCHES = positiveInteger('BENCH_SEARCHES', 50);
const RESPECT_RETRY_AFTER = process.env.BENCH_RETRY_AFTER === '1';
const VOCABULARY = (
  'soft cotton crew neck tee with printed motif organic heavy light summer winter vintage washed black white navy ' +
  'olive sand grey red blue green yellow orange purple pink stripe floral graphic logo pocket raglan sleeve long short ' +
  'relaxed slim fitted boxy oversized cropped pique jersey slub ringspun combed brushed garment dyed pigment faded ' +
  'mountain ocean sunset forest city desert river lake island valley coffee bicycle guitar camera rocket planet star ' +
  'moon cloud rain thunder wave anchor compass lighthouse tiger eagle wolf bear fox owl whale shark octopus cactus ' +
  'palm pine maple lemon cherry peach mango avocado pretzel pizza taco noodle dumpling bagel waffle donut cookie'
).split(' ');

if (isMainThread) await runBenchmark(main);
else parentPort.postMessage(await probe(workerData));

async function main() {
  const { url: databaseUrl } = await scratchDatabaseOnServer();
  const api = await startApi('NestJS API', await freePort(), databaseUrl);
  const productId = await seed(databaseUrl);

  const others = [
    { name: 'GET /api/health', path: '/api/health' },
    { name: 'GET /api/product/:id', path: `/api/product/${productId}` },
    { name: 'GET /api/categories', path: '/api/categories' },
    { name: 'GET /api/products?limit=12 (cached)', path: '/api/products?limit=12' },
  ];
  step(`warm-up ${WARMUP} s, then ${DURATION} s: ${SEARCHES} eight-word searches in flight, the other routes one at a time`);
  await load(api.url, others, WARMUP);
  const before = os.loadavg();
  const results = await load(api.url, others, DURATION);
  const after = os.loadavg();

  const lines = [
    '',
    `search load: ${PRODUCTS.toLocaleString('en-US')} products, ${DESCRIPTION_CHARS}-character descriptions, ${SEARCHES} searches in flight${RESPECT_RETRY_AFTER ? ' (a refused one waits its Retry-After)' : ' (a refused one asks again at once)'}, ${DURATION} s`,
  ];
  const row = (name, samples) => {
    const statuses = Object.entries(countBy(samples.map((s) => s.status)))
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    const ms = samples.map((s) => s.ms);
    return `  ${name.padEnd(40)} ${String(samples.length).padStart(6)} requests (${statuses}); p50 ${fmt(percentile(ms, 50))}, p99 ${fmt(percentile(ms, 99))}, max ${fmt(Math.max(...ms))}`;
  };
  const answered = results.searches.filter((s) => s.status === 200);
  lines.push(row('search (all answers)', results.searches));
  lines.push(row('search (answered 200)', answered));
  for (const other of others) lines.push(row(other.name, results.others.get(other.name)));
  lines.push(
    `  load average (1 min) ${before[0].toFixed(1)} before, ${after[0].toFixed(1)} after, on ${os.cpus().length} cores (other work shares them)`,
  );

  const otherSamples = [...results.others.values()].flat();
  const otherP99 = percentile(
    otherSamples.map((s) => s.ms),
    99,
  );
  const health = results.others.get('GET /api/health');
  const goals = [
    ['other routes p99 < 100 ms', otherP99 < 100, fmt(otherP99)],
    ['/api/health always 200', health.every((s) => s.status === 200), `${health.filter((s) => s.status === 200).length}/${health.length}`],
    ['other routes never 503', otherSamples.every((s) => s.status !== 503), `${otherSamples.filter((s) => s.status === 503).length} 503s`],
    [
      'search p99 < 300 ms (answered 200)',
      percentile(
        answered.map((s) => s.ms),
        99,
      ) < 300,
      fmt(
        percentile(
          answered.map((s) => s.ms),
          99,
        ),
      ),
    ],
    [
      'search p99 < 300 ms (all answers)',
      percentile(
        results.searches.map((s) => s.ms),
        99,
      ) < 300,
      fmt(
        percentile(
          results.searches.map((s) => s.ms),
          99,
        ),
      ),
    ],
  ];
  lines.push('goals:');
  for (const [name, met, figure] of goals) lines.push(`  ${met ? 'met   ' : 'MISSED'} ${name}: ${figure}`);
  console.log(lines.join('\n'));

  const broken = [...results.searches, ...otherSamples].filter((s) => s.status >= 500 && s.status !== 503);
  if (broken.length > 0) throw new Error(`${broken.length} answers were ${[...new Set(broken.map((s) => s.status))].join(', ')}`);
  if (answered.length === 0) throw new Error('no search was answered');
}

/** Seeds the catalogue straight into Postgres (the trigram index and the stored search text are filled as rows go in). */
async function seed(databaseUrl) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [category] = (await client.query(`INSERT INTO categories (name) VALUES ('Bench') RETURNING id`)).rows;
    await client.query(
      `INSERT INTO products (name, description, price_cents, stock, category_id, created_at)
       SELECT 'Bench Tee ' || n,
              left((SELECT string_agg(($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int], ' ')
                      FROM generate_series(1, 200) w WHERE n > 0), ${DESCRIPTION_CHARS}),
              100 + n % 5000, 10, $2, now() - (n || ' seconds')::interval
       FROM generate_series(1, ${PRODUCTS}) n`,
      [VOCABULARY, category.id],
    );
    await client.query('ANALYZE products');
    const [product] = (await client.query('SELECT id FROM products LIMIT 1')).rows;
    step(`seeded ${PRODUCTS.toLocaleString('en-US')} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return product.id;
  } finally {
    await client.end();
  }
}

/**
 * `SEARCHES` search loops, and one loop over the other routes in a thread of its own (as another client would be:
 * the flood's own event loop must not delay the probe's answers), for `seconds`; every answer's status and time.
 */
async function load(base, others, seconds) {
  const until = performance.now() + seconds * 1000;
  const searches = [];
  const searchLoop = async () => {
    while (performance.now() < until) {
      const q = Array.from({ length: 8 }, () => VOCABULARY[Math.floor(Math.random() * VOCABULARY.length)]).join(' ');
      const sample = await timed(base, `/api/products?q=${encodeURIComponent(q)}&limit=12`);
      searches.push(sample);
      if (RESPECT_RETRY_AFTER && sample.status === 503)
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(sample.retryAfter ?? 1)));
    }
  };
  const prober = new Worker(new URL(import.meta.url), { workerData: { base, others, seconds } });
  const probed = new Promise((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  const [byRoute] = await Promise.all([probed, ...Array.from({ length: SEARCHES }, searchLoop)]);
  return { searches, others: new Map(byRoute) };
}

/** The other routes, one at a time, for `seconds` (in the probe's thread): each route's answers. */
async function probe({ base, others, seconds }) {
  const until = performance.now() + seconds * 1000;
  const byRoute = new Map(others.map((other) => [other.name, []]));
  while (performance.now() < until) {
    for (const other of others) byRoute.get(other.name).push(await timed(base, other.path));
  }
  return [...byRoute];
}

async function timed(base, path) {
  const start = performance.now();
  const response = await fetch(base + path);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - start, retryAfter: response.headers.get('retry-after') };
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function countBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function fmt(ms) {
  return Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : 'n/a';
}
