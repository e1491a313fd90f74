// `npm run bench`: the catalogue's hot path under load, against plain node:http servers answering the same bytes.
//
// Seeds 1,000 products with photos into one scratch database and 20,000 into another, starts the built API
// (apps/api/dist, production settings) on each, and plain-server.mjs on the first twice: querying Postgres per
// request ("plain pg") and from memory ("plain memory", the ceiling for these bytes). Checks byte for byte that
// the API and the plain servers answer the same (status, headers, body), then loads each with autocannon in turn,
// at 10 and at 50 connections, and prints requests/s, p99 latency, each server's CPU time per request, the
// ratios, and the goals: list of 100 and card photo >= 0.5x plain memory; the list on 20,000
// products >= 0.8x its speed on 1,000, with p99 < 50 ms at 50 connections. That last pair is measured on its own, the
// two APIs taken in turn for BENCH_SIZE_ROUNDS rounds and each figure's median compared: the machine's slow spells
// last about a run and fall on either API, so one run of each compared the machine as much as the catalogues.
//
// A benchmark, not a test: it fails only when something does not work, never on a figure. Figures from a busy
// machine are noisy: compare ratios from one run, and re-run on a quiet machine before trusting absolutes.
// Options: `npm run bench -- --cpu-prof` (or BENCH_CPU_PROF=1) profiles the API (1,000 products) while it is
// loaded and prints where its CPU went: top functions by self time, and the global per-request pieces
// (guards, request logging, request id, metrics middleware) by total time.
// Environment (all optional):
//   BENCH_DATABASE_URL   a Postgres server URL to create the scratch databases on (else TEST_DATABASE_URL, else an
//                        embedded Postgres in a temporary folder)
//   BENCH_PORT           first of the ports to use (APIs, plain servers, embedded Postgres); free ports otherwise
//   BENCH_DURATION       seconds measured per run (default 10), after BENCH_WARMUP seconds of warm-up (default 3)
//   BENCH_CONNECTIONS    comma-separated connection counts (default "10,50")
//   BENCH_ROUNDS         measured runs per server and scenario (default 1), the servers taken in turn (pg, memory,
//                        API, pg, ...) and each figure's median reported: load from elsewhere on a shared machine
//                        then falls on every server alike rather than on whichever ran at a busy moment
//   BENCH_SIZE_ROUNDS    rounds of the list on 1,000 and on 20,000 products taken in turn (default 3; at least
//                        BENCH_ROUNDS)
//   BENCH_ONLY           run only the scenarios whose name contains one of these comma-separated texts (e.g.
//                        "photo,304": the card photo and its 304; the list always runs)
//   BENCH_LARGE          products in the second catalogue (default 20000; 0 skips it)
//   BENCH_API_NODE_OPTIONS  NODE_OPTIONS for the API's process
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import {
  connectionCounts,
  cpuMicros,
  cpuProfiling,
  databaseServer,
  freePort,
  fromDist,
  positiveInteger,
  runBenchmark,
  runSeconds,
  scratchDatabase,
  startApi,
  startServer,
  step,
  stopServer,
  summarizeProfile,
} from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PRODUCTS = 1000;
const LARGE = process.env.BENCH_LARGE === '0' ? 0 : positiveInteger('BENCH_LARGE', 20_000);
const LIST = 'GET /api/products?limit=100';
const LIST_LARGE = `  same, ${LARGE.toLocaleString('en-US')} products`;
/** The 1,000-product API's name in the runs taken in turn with the 20,000-product one. */
const BESIDE_LARGE = `NestJS API, ${PRODUCTS.toLocaleString('en-US')} products`;
const CARD = 'GET /api/product/photo/{id}?size=card';
const { duration: DURATION, warmup: WARMUP } = runSeconds(10, 3);
const CONNECTIONS = connectionCounts('10,50');
const ROUNDS = positiveInteger('BENCH_ROUNDS', 1);
const SIZE_ROUNDS = Math.max(ROUNDS, positiveInteger('BENCH_SIZE_ROUNDS', 3));
const BASE_PORT = process.env.BENCH_PORT ? positiveInteger('BENCH_PORT', 0) : undefined;

const { DEMO_CATEGORIES, DEMO_PRODUCTS } = await fromDist('database/seed/demo-seed.js');
const { renderTeePhoto } = await fromDist('database/seed/tee-photo.js');
const { preparePhoto } = await fromDist('modules/photos/photo-upload.js');

await runBenchmark(main);

async function main() {
  const ports = [];
  for (let i = 0; i < 5; i += 1) ports.push(BASE_PORT ? BASE_PORT + i : await freePort());
  const server = await databaseServer(ports[4]);
  const databaseUrl = await scratchDatabase(server.url);
  step(`scratch databases on ${server.kind}`);

  const profile = await cpuProfiling();
  const profileDir = profile?.dir;
  const apiOptions = [process.env.BENCH_API_NODE_OPTIONS ?? '', profile?.nodeOptions ?? ''].join(' ').trim();
  // The API runs the migrations as it starts; the plain servers need the schema and data, so they come after the seed.
  const api = await startApi('NestJS API', ports[0], databaseUrl, { NODE_OPTIONS: apiOptions });
  const ids = await seed(databaseUrl, PRODUCTS, true);
  // The plain servers send the API's security headers (helmet's CSP, frame, referrer, COOP/CORP, nosniff) too, so
  // all three put the same bytes on the wire.
  const securityHeaders = await securityHeadersOf(api);
  const plainPg = await startServer('plain pg', [path.join(here, 'plain-server.mjs')], ports[1], databaseUrl, '/api/products?limit=1', {
    PLAIN_MODE: 'pg',
    SECURITY_HEADERS: securityHeaders,
  });
  const plainMemory = await startServer(
    'plain memory',
    [path.join(here, 'plain-server.mjs')],
    ports[2],
    databaseUrl,
    '/api/products?limit=1',
    {
      PLAIN_MODE: 'memory',
      SECURITY_HEADERS: securityHeaders,
    },
  );
  let apiLarge;
  if (LARGE > 0) {
    const largeUrl = await scratchDatabase(server.url);
    apiLarge = await startApi(`NestJS API, ${LARGE} products`, ports[3], largeUrl);
    await seed(largeUrl, LARGE, false);
  }

  const cardPaths = ids.slice(0, 100).map((id) => `/api/product/photo/${id}?size=card`);
  const cardEtags = [];
  for (const url of cardPaths) cardEtags.push((await get(api, url)).headers.get('etag'));
  const listRequests = [{ path: '/api/products?limit=100' }];
  const scenarios = [
    { name: LIST, requests: listRequests, status: '2xx', targets: [plainPg, plainMemory, api] },
    { name: CARD, requests: cardPaths.map((p) => ({ path: p })), status: '2xx', targets: [plainPg, plainMemory, api] },
    {
      name: '  same, If-None-Match matching (304)',
      requests: cardPaths.map((p, i) => ({ path: p, headers: { 'if-none-match': cardEtags[i] } })),
      status: '3xx',
      targets: [plainPg, plainMemory, api],
    },
    // The two catalogues' lists in turn, round by round (SIZE_ROUNDS): the 1,000-product API again, under its own name.
    ...(apiLarge
      ? [
          {
            name: LIST_LARGE,
            requests: listRequests,
            status: '2xx',
            targets: [{ ...api, name: BESIDE_LARGE }, apiLarge],
            rounds: SIZE_ROUNDS,
          },
        ]
      : []),
    // What browsers send: the API answers with the page's brotli made once when it was cached (plain servers do not compress).
    {
      name: '  list, Accept-Encoding: gzip, br',
      requests: [{ path: '/api/products?limit=100', headers: { 'accept-encoding': 'gzip, deflate, br' } }],
      status: '2xx',
      targets: [api],
    },
  ];
  await assertSameAnswers(scenarios.slice(0, 3), api, [plainPg, plainMemory]);
  // The list is every goal's reference, so it always runs.
  const only = (process.env.BENCH_ONLY ?? '').split(',');
  const chosen = scenarios.filter(
    (scenario) => scenario.name === LIST || scenario.name === LIST_LARGE || only.some((text) => scenario.name.includes(text)),
  );

  step(`load: ${CONNECTIONS.join(' and ')} connections, ${WARMUP} s warm-up then ${DURATION} s measured per run, one run at a time`);
  const results = [];
  for (const connections of CONNECTIONS) {
    for (const scenario of chosen) {
      const row = { scenario, connections, runs: new Map() };
      const runs = new Map();
      const rounds = scenario.rounds ?? ROUNDS;
      for (let round = 1; round <= rounds; round += 1) {
        for (const target of scenario.targets) {
          if (round === 1) await load(target, scenario, WARMUP, connections);
          const run = await load(target, scenario, DURATION, connections);
          const name = target === apiLarge ? api.name : target.name;
          runs.set(name, [...(runs.get(name) ?? []), run]);
          console.log(
            `  ${connections} conn  ${scenario.name.trim()} on ${target.name}${rounds > 1 ? ` (round ${round})` : ''}: ${format(run)}`,
          );
        }
      }
      for (const [name, list] of runs) row.runs.set(name, medianRun(list));
      results.push(row);
    }
  }
  report(results, server.kind);
  if (profileDir) {
    await stopServer(api);
    await summarizeProfile(profileDir);
  }
}

/**
 * 1,000 products cycling through the demo t-shirts, each with a photo. The photos go through the API's own
 * upload pipeline (preparePhoto: sniffing, the card WebP, ETags); a little fabric grain makes them weigh what
 * real product photos weigh rather than flat drawings.
 */
async function seed(databaseUrl, count, withPhotos) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: categories } = await client.query(`INSERT INTO categories (name) SELECT unnest($1::text[]) RETURNING id, name`, [
      DEMO_CATEGORIES,
    ]);
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    const rows = Array.from({ length: count }, (_, i) => {
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
    if (!withPhotos) {
      await client.query('ANALYZE products');
      step(`seeded ${count} products (no photos) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return ids;
    }

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
      `seeded ${count} products with photos in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(card WebPs average ${Math.round(cardBytes / DEMO_PRODUCTS.length / 1024)} KB)`,
    );
    return ids;
  } finally {
    await client.end();
  }
}

async function get(target, url, headers = {}) {
  // Raw bytes, as autocannon gets them: fetch would otherwise ask for gzip/br and decode what it got.
  const response = await fetch(`${target.url}${url}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The security headers the API adds to every answer (helmet's), as JSON for the plain servers' environment. */
async function securityHeadersOf(api) {
  const { headers } = await get(api, '/api/products?limit=1');
  const security =
    /^(content-security-policy|x-frame-options|referrer-policy|cross-origin-.*|strict-transport-security|x-content-type-options|x-dns-prefetch-control|x-download-options|x-permitted-cross-domain-policies|x-xss-protection|origin-agent-cluster)$/;
  const names = [...headers.keys()].filter((name) => security.test(name));
  return JSON.stringify(Object.fromEntries(names.map((name) => [name, headers.get(name)])));
}

/** Every server must give the same answer (status, the headers that matter, the body byte for byte) to every request. */
async function assertSameAnswers(scenarios, api, plains) {
  // The headers whose values must match (the others are the framework's own: Date, X-Powered-By...).
  const COMPARED_HEADERS = [
    'content-type',
    'content-length',
    'cache-control',
    'etag',
    'x-total-count',
    'x-next-cursor',
    'x-content-type-options',
    'content-security-policy',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
  ];
  for (const scenario of scenarios) {
    for (const request of scenario.requests.slice(0, 5)) {
      const a = await get(api, request.path, request.headers);
      for (const plain of plains) {
        const b = await get(plain, request.path, request.headers);
        const differs = [
          ...(a.status === b.status ? [] : [`status ${a.status} vs ${b.status}`]),
          ...COMPARED_HEADERS.filter((h) => a.headers.get(h) !== b.headers.get(h)).map(
            (h) => `${h}: ${a.headers.get(h)} vs ${b.headers.get(h)}`,
          ),
          ...(a.body.equals(b.body) ? [] : [`body (${a.body.length} vs ${b.body.length} bytes)`]),
        ];
        if (differs.length > 0) throw new Error(`the API and ${plain.name} answer ${request.path} differently: ${differs.join('; ')}`);
      }
      if (String(a.status)[0] !== scenario.status[0]) throw new Error(`${request.path} answered ${a.status}, expected ${scenario.status}`);
    }
    const sample = await get(api, scenario.requests[0].path, scenario.requests[0].headers);
    scenario.bytes = sample.body.length;
  }
  step(`the API and ${plains.map((p) => p.name).join(', ')} answer every scenario identically (status, headers, bytes)`);
}

/** One autocannon run; every response must have the scenario's status class and no request may fail. */
async function load(target, scenario, seconds, connections) {
  const cpuBefore = await cpuMicros(target.pid);
  const result = await autocannon({
    url: target.url,
    connections,
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

/** Each figure's median over a server's rounds (with one round, that run). */
function medianRun(runs) {
  const median = (values) => {
    const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
    if (sorted.length === 0) return undefined;
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  return {
    rps: median(runs.map((run) => run.rps)),
    p99: median(runs.map((run) => run.p99)),
    cpuPerRequest: median(runs.map((run) => run.cpuPerRequest)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
  };
}

function format(run) {
  const cpu = run.cpuPerRequest === undefined ? '' : `, ${Math.round(run.cpuPerRequest)} µs CPU/req`;
  return `${Math.round(run.rps).toLocaleString('en-US')} req/s, p99 ${run.p99} ms${cpu}`;
}

function report(results, databaseKind) {
  const cpus = os.cpus();
  const width = Math.max(...results.map((r) => r.scenario.name.length));
  const columns = ['plain pg', 'plain memory', 'NestJS API'];
  const cell = (run) => (run ? format(run) : '').padEnd(44);
  const lines = [
    '',
    `Products benchmark: ${PRODUCTS} products (and ${LARGE} in a second catalogue), Node ${process.versions.node}, ` +
      `${cpus.length} CPU (${cpus[0]?.model.trim()}), ${databaseKind}`,
    `autocannon, ${DURATION} s per run after ${WARMUP} s warm-up${ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : ''}; servers measured one at a time; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  ];
  const goals = [];
  for (const connections of CONNECTIONS) {
    const rows = results.filter((r) => r.connections === connections);
    lines.push(
      '',
      `${connections} connections`,
      `${'scenario'.padEnd(width)}  ${columns.map((c) => c.padEnd(44)).join('  ')}  API/pg  API/memory`,
    );
    for (const { scenario, runs } of rows) {
      const api = runs.get('NestJS API');
      const ratio = (name) => (runs.get(name) ? `${(api.rps / runs.get(name).rps).toFixed(2)}x` : '');
      lines.push(
        `${scenario.name.padEnd(width)}  ${columns.map((c) => cell(runs.get(c))).join('  ')}  ${ratio('plain pg').padEnd(6)}  ${ratio('plain memory')}`,
      );
    }
    const run = (name, server) => rows.find((r) => r.scenario.name === name)?.runs.get(server);
    const versus = (name, target, goal) => {
      const [api, reference] = [run(name, 'NestJS API'), run(name, 'plain memory')];
      if (api && reference) goals.push([`${connections} conn: ${name.trim()}, API / plain memory`, api.rps / reference.rps, goal]);
    };
    versus(LIST, 'plain memory', 0.5);
    versus(CARD, 'plain memory', 0.5);
    // Both from the runs taken in turn (medians of SIZE_ROUNDS rounds), not the list's own run above.
    const [small, large] = [run(LIST_LARGE, BESIDE_LARGE), run(LIST_LARGE, 'NestJS API')];
    if (small && large) {
      goals.push([
        `${connections} conn: list on ${LARGE} / on ${PRODUCTS} products (in turn, median of ${SIZE_ROUNDS})`,
        large.rps / small.rps,
        0.8,
      ]);
      // The same ratio from CPU per request, which a busy machine disturbs far less than requests/s.
      if (small.cpuPerRequest && large.cpuPerRequest) {
        goals.push([
          `${connections} conn: same, by CPU per request (${PRODUCTS} / ${LARGE})`,
          small.cpuPerRequest / large.cpuPerRequest,
          0.8,
        ]);
      }
      if (connections >= 50) goals.push([`${connections} conn: list on ${LARGE} products, p99 (ms)`, large.p99, 50, 'below']);
    }
  }
  if (goals.length > 0) {
    lines.push('', 'Goals');
    const goalWidth = Math.max(...goals.map(([name]) => name.length));
    for (const [name, value, goal, sense] of goals) {
      const met = sense === 'below' ? value < goal : value >= goal;
      const shown = sense === 'below' ? `${value} ms   goal < ${goal} ms` : `${value.toFixed(2)}x   goal >= ${goal.toFixed(2)}x`;
      lines.push(`  ${name.padEnd(goalWidth)}  ${shown}   ${met ? 'met' : 'NOT MET'}`);
    }
  }
  lines.push(
    '',
    `response sizes: ${results
      .filter((r) => r.connections === CONNECTIONS[0])
      .map((r) => `${r.scenario.name.trim()} ${r.scenario.bytes ?? '?'} B`)
      .join('; ')}`,
  );
  console.log(lines.join('\n'));
}
