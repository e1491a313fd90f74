// `npm run bench`: the catalogue's hot path under load, against a plain node:http + pg server doing the same.
//
// Seeds 1,000 products with photos into a scratch database, starts the built API (apps/api/dist, production
// settings) and plain-server.mjs on it, checks that both answer byte for byte the same, then loads each with
// autocannon in turn and prints requests/s, p99 latency, each server's CPU time per request, and the ratios:
// each route like for like, and the issue's goals (the API's list and card photo against the plain list).
//
// A benchmark, not a test: it fails only when something does not work, never on a figure.
// Environment (all optional):
//   BENCH_DATABASE_URL   a Postgres server URL to create the scratch database on (else TEST_DATABASE_URL, else an
//                        embedded Postgres in a temporary folder)
//   BENCH_PORT           first of the ports to use (API, plain server, embedded Postgres); free ports otherwise
//   BENCH_DURATION       seconds measured per run (default 10), after BENCH_WARMUP seconds of warm-up (default 3)
//   BENCH_CONNECTIONS    concurrent connections (default 10)
//   BENCH_ONLY           run only the scenarios whose name contains this text (e.g. "photo")
//   BENCH_API_NODE_OPTIONS  NODE_OPTIONS for the API's process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../dist');
const PRODUCTS = 1000;
const LIST = 'GET /api/products?limit=100';
const DURATION = positiveInteger('BENCH_DURATION', 10);
const WARMUP = positiveInteger('BENCH_WARMUP', 3);
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 10);
const BASE_PORT = process.env.BENCH_PORT ? positiveInteger('BENCH_PORT', 0) : undefined;

if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('apps/api/dist is missing: run `npm run bench`, which builds the API first.');
  process.exit(1);
}
const fromDist = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { startEmbeddedPostgres, ensureDatabase, freePort } = await fromDist('database/embedded-postgres.js');
const { DEMO_CATEGORIES, DEMO_PRODUCTS } = await fromDist('database/seed/demo-seed.js');
const { renderTeePhoto } = await fromDist('database/seed/tee-photo.js');
const { preparePhoto } = await fromDist('modules/products/photo-upload.js');

/** Undone in reverse order at the end, on failure and on Ctrl-C. */
const cleanups = [];
process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)));

let exitCode = 0;
try {
  await main();
} catch (error) {
  const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}${cause}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0 whatever happened.
process.exit(exitCode);

async function main() {
  const ports = BASE_PORT ? [BASE_PORT, BASE_PORT + 1, BASE_PORT + 2] : [await freePort(), await freePort(), await freePort()];
  const server = await databaseServer(ports[2]);
  const name = `store_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await ensureDatabase(server.url, name);
  cleanups.push(() => dropDatabase(server.url, name));
  step(`scratch database ${name} on ${server.kind}`);

  // The API runs the migrations as it starts; the plain server needs the schema, so it comes after the seed.
  const api = await startServer('NestJS API', [path.join(dist, 'main.js')], ports[0], databaseUrl, '/api/health', {
    NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS ?? '',
  });
  const ids = await seed(databaseUrl);
  const plain = await startServer(
    'plain node:http + pg',
    [path.join(here, 'plain-server.mjs')],
    ports[1],
    databaseUrl,
    '/api/products?limit=1',
  );

  const cardPaths = ids.slice(0, 100).map((id) => `/api/product/photo/${id}?size=card`);
  const cardEtags = [];
  for (const url of cardPaths) cardEtags.push((await get(api, url)).headers.get('etag'));
  const scenarios = [
    { name: LIST, requests: [{ path: '/api/products?limit=100' }], status: '2xx', goal: 0.7 },
    { name: 'GET /api/product/photo/{id}?size=card', requests: cardPaths.map((p) => ({ path: p })), status: '2xx', goal: 0.8 },
    {
      name: '  same, If-None-Match matching (304)',
      requests: cardPaths.map((p, i) => ({ path: p, headers: { 'if-none-match': cardEtags[i] } })),
      status: '3xx',
    },
  ];
  await assertSameAnswers(scenarios, api, plain);
  // The plain list is every goal's reference, so it always runs.
  const chosen = scenarios.filter((scenario) => scenario.name === LIST || scenario.name.includes(process.env.BENCH_ONLY ?? ''));

  step(`load: ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s measured per run, one run at a time`);
  const results = [];
  for (const scenario of chosen) {
    const row = { scenario };
    for (const [key, target] of [
      ['plain', plain],
      ['api', api],
    ]) {
      await load(target, scenario, WARMUP);
      row[key] = await load(target, scenario, DURATION);
      console.log(`  ${scenario.name.trim()} on ${target.name}: ${format(row[key])}`);
    }
    results.push(row);
  }
  report(results, server.kind);
}

/** The Postgres server the scratch database goes on. */
async function databaseServer(port) {
  const given = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
  if (given) return { url: given, kind: `the Postgres at ${new URL(given).host}` };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-pg-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port, persistent: false });
  cleanups.push(() => embedded.stop());
  return { url: embedded.serverUrl, kind: 'an embedded Postgres (temporary)' };
}

async function dropDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A server in a process of its own (so it never shares an event loop with autocannon), ready when `readyPath` answers 200. */
async function startServer(name, args, port, databaseUrl, readyPath, extraEnv = {}) {
  const env = {
    ...extraEnv,
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Production settings otherwise; no payment is taken here, so the offline gateway is enough.
    PAYMENT_GATEWAY: 'test',
    LOG_FORMAT: 'json',
  };
  // Logs go to /dev/null, as cheap a sink as a production log shipper's pipe; errors are kept to report a crash.
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const target = { name, url: `http://127.0.0.1:${port}`, pid: child.pid };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${stderr}`);
    const response = await fetch(`${target.url}${readyPath}`).catch(() => undefined);
    if (response?.status === 200) {
      step(`${name} ready on port ${port}`);
      return target;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${readyPath} within 60 s:\n${stderr}`);
}

/**
 * 1,000 products cycling through the demo t-shirts, each with a photo. The photos go through the API's own
 * upload pipeline (preparePhoto: sniffing, the card WebP, ETags); a little fabric grain makes them weigh what
 * real product photos weigh rather than flat drawings.
 */
async function seed(databaseUrl) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: categories } = await client.query(`INSERT INTO categories (name) SELECT unnest($1::text[]) RETURNING id, name`, [
      DEMO_CATEGORIES,
    ]);
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    const rows = Array.from({ length: PRODUCTS }, (_, i) => {
      const demo = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length];
      return [
        `${demo.name} ${Math.floor(i / DEMO_PRODUCTS.length) + 1}`.slice(0, 32),
        demo.description,
        Math.round(demo.price * 100),
        demo.stock + i,
        i % 50,
        categoryId.get(demo.category),
        new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      ];
    });
    const columns = rows[0].map((_, column) => rows.map((row) => row[column]));
    const { rows: inserted } = await client.query(
      `INSERT INTO products (name, description, price_cents, stock, sold, category_id, created_at, updated_at)
       SELECT n, d, p, s, so, c, t, t FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::uuid[], $7::timestamptz[])
         AS u(n, d, p, s, so, c, t)
       RETURNING id, created_at`,
      columns,
    );
    const ids = inserted.sort((a, b) => a.created_at - b.created_at).map((row) => row.id);

    const grain = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
    })
      .png()
      .toBuffer();
    let cardBytes = 0;
    for (const [k, demo] of DEMO_PRODUCTS.entries()) {
      const drawing = await renderTeePhoto(demo.design);
      const photo = await preparePhoto(
        await sharp(drawing)
          .composite([{ input: grain, blend: 'soft-light' }])
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
      cardBytes += photo.cardData.length;
      await client.query(
        `INSERT INTO product_photos (product_id, content_type, data, etag, card_data, card_etag)
         SELECT id, $2, $3, $4, $5, $6 FROM unnest($1::uuid[]) AS id`,
        [ids.filter((_, i) => i % DEMO_PRODUCTS.length === k), photo.contentType, photo.data, photo.etag, photo.cardData, photo.cardEtag],
      );
    }
    await client.query('ANALYZE products; ANALYZE product_photos');
    step(
      `seeded ${PRODUCTS} products with photos in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(card WebPs average ${Math.round(cardBytes / DEMO_PRODUCTS.length / 1024)} KB)`,
    );
    return ids;
  } finally {
    await client.end();
  }
}

async function get(target, url, headers = {}) {
  const response = await fetch(`${target.url}${url}`, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** Both servers must give the same answer (status, body, the headers that matter) to every request of a scenario. */
async function assertSameAnswers(scenarios, api, plain) {
  for (const scenario of scenarios) {
    for (const request of scenario.requests.slice(0, 5)) {
      const [a, b] = await Promise.all([get(api, request.path, request.headers), get(plain, request.path, request.headers)]);
      // Not the list's ETag: Express adds a weak one of its own to JSON answers, the plain server none.
      const headers = [
        'content-type',
        'cache-control',
        'x-total-count',
        ...(a.headers.get('content-type')?.startsWith('image/') ? ['etag'] : []),
      ];
      const same =
        a.status === b.status &&
        headers.every((h) => a.headers.get(h) === b.headers.get(h)) &&
        (a.headers.get('content-type')?.startsWith('application/json')
          ? isDeepStrictEqual(JSON.parse(a.body.toString()), JSON.parse(b.body.toString()))
          : a.body.equals(b.body));
      if (!same) throw new Error(`the servers answer ${request.path} differently (API ${a.status}, plain ${b.status})`);
      if (String(a.status)[0] !== scenario.status[0]) throw new Error(`${request.path} answered ${a.status}, expected ${scenario.status}`);
    }
    const sample = await get(api, scenario.requests[0].path, scenario.requests[0].headers);
    scenario.bytes = sample.body.length;
  }
  step('both servers answer every scenario identically (status, headers, bytes)');
}

/** One autocannon run; every response must have the scenario's status class and no request may fail. */
async function load(target, scenario, seconds) {
  const cpuBefore = await cpuMicros(target.pid);
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: scenario.requests.map((request) => ({ method: 'GET', ...request })),
  });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  if (result.errors > 0 || result.timeouts > 0 || result[scenario.status] !== answered) {
    throw new Error(
      `${scenario.name.trim()} on ${target.name}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${answered - result[scenario.status]} answers other than ${scenario.status}`,
    );
  }
  const cpuAfter = await cpuMicros(target.pid);
  const cpuPerRequest = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / answered;
  return { rps: result.requests.average, p99: result.latency.p99, requests: answered, cpuPerRequest };
}

/**
 * CPU time (user + system) a process has used, in microseconds, from /proc (Linux); undefined elsewhere.
 * Per request, it is what each server costs whatever else runs on the machine, unlike requests/s.
 */
async function cpuMicros(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function format(run) {
  const cpu = run.cpuPerRequest === undefined ? '' : `, ${Math.round(run.cpuPerRequest)} µs CPU/req`;
  return `${Math.round(run.rps).toLocaleString('en-US')} req/s, p99 ${run.p99} ms${cpu}`;
}

function report(results, databaseKind) {
  const cpus = os.cpus();
  const width = Math.max(...results.map((r) => r.scenario.name.length));
  const cell = (run) => format(run).padEnd(46);
  const lines = [
    '',
    `Products benchmark: ${PRODUCTS} products, Node ${process.versions.node}, ${cpus.length} CPU (${cpus[0]?.model.trim()}), ${databaseKind}`,
    `autocannon ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up; servers measured one at a time`,
    '',
    `${'scenario'.padEnd(width)}  ${'plain node:http + pg'.padEnd(46)}  ${'NestJS API'.padEnd(46)}  API / plain`,
  ];
  for (const { scenario, plain, api } of results) {
    lines.push(`${scenario.name.padEnd(width)}  ${cell(plain)}  ${cell(api)}  ${(api.rps / plain.rps).toFixed(2)}x`);
  }
  // The issue's goals compare each API route with the plain server's product list (the reference it names).
  const reference = results.find((r) => r.scenario.name === LIST)?.plain;
  const goals = results.filter((r) => r.scenario.goal !== undefined);
  if (reference && goals.length > 0) {
    lines.push('', 'Goals: API requests/s against the plain server answering the product list');
    for (const { scenario, api } of goals) {
      const ratio = api.rps / reference.rps;
      lines.push(
        `  ${scenario.name.padEnd(width)}  ${ratio.toFixed(2)}x   goal >= ${scenario.goal.toFixed(2)}x   ${ratio >= scenario.goal ? 'met' : 'NOT MET'}`,
      );
    }
  }
  lines.push('', `response sizes: ${results.map((r) => `${r.scenario.name.trim()} ${r.scenario.bytes} B`).join('; ')}`);
  console.log(lines.join('\n'));
}

function step(message) {
  console.log(`- ${message}`);
}

function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

async function cleanUp() {
  while (cleanups.length > 0) {
    await cleanups
      .pop()()
      .catch((error) => console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`));
  }
}
