// What every benchmark script shares: the built API, a scratch Postgres, servers in their own processes,
// their CPU time, the run settings, and clean-up on exit or Ctrl-C. Used by bench.mjs (the catalogue), checkout.mjs
// and orders-volume.mjs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built API (`npm run bench` builds it first). */
export const dist = path.resolve(here, '../dist');
if (!existsSync(path.join(dist, 'main.js'))) {
  console.error('apps/api/dist is missing: run `npm run bench`, which builds the API first.');
  process.exit(1);
}
/** A module of the built API. */
export const fromDist = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { startEmbeddedPostgres, ensureDatabase, dropDatabase, freePort } = await fromDist('database/embedded-postgres.js');
/** A port nothing listens on. */
export { freePort };

/** Undone in reverse order at the end, on failure and on Ctrl-C. */
const cleanups = [];
process.once('SIGINT', () => cleanUp().finally(() => process.exit(130)));

/** Runs a benchmark's main, reports a failure in one line, cleans up, and exits with the right code. */
export async function runBenchmark(main) {
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
}

/** A new scratch database on the server, dropped at the end. */
export async function scratchDatabase(serverUrl) {
  const name = `store_bench_${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(serverUrl, name);
  cleanups.push(() => dropDatabase(serverUrl, name));
  return url;
}

/** The Postgres server the scratch database goes on. */
export async function databaseServer(port) {
  const given = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
  if (given) return { url: given, kind: `the Postgres at ${new URL(given).host}` };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-pg-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port, persistent: false });
  cleanups.push(() => embedded.stop());
  return { url: embedded.serverUrl, kind: 'an embedded Postgres (temporary)' };
}

/** A server in a process of its own (so it never shares an event loop with autocannon), ready when `readyPath` answers 200. */
export async function startServer(name, args, port, databaseUrl, readyPath, extraEnv = {}) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Production settings otherwise; no payment is taken here, so the offline gateway is enough.
    PAYMENT_GATEWAY: 'test',
    LOG_FORMAT: 'json',
    ...extraEnv,
  };
  // Logs go to /dev/null, as cheap a sink as a production log shipper's pipe; errors are kept to report a crash.
  // BENCH_SERVER_LOGS=<folder> keeps each server's log there instead (a file per server), to look into a failure.
  const logFile = await serverLogFile(name, port);
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', logFile?.fd ?? 'ignore', 'pipe'] });
  await logFile?.close();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const target = { name, url: `http://127.0.0.1:${port}`, pid: child.pid, child, exited };
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

/** BENCH_SERVER_LOGS: the file a server's output goes to (opened for the child, closed here once it has it). */
async function serverLogFile(name, port) {
  const dir = process.env.BENCH_SERVER_LOGS?.trim();
  if (!dir) return undefined;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/\W+/g, '-')}-${port}.log`);
  step(`${name}'s log: ${file}`);
  return open(file, 'w');
}

/**
 * CPU time (user + system) a process has used, in microseconds, from /proc (Linux); undefined elsewhere.
 * Per request, it is what each server costs whatever else runs on the machine, unlike requests/s.
 */
export async function cpuMicros(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The Postgres processes serving this database's client connections (the servers' pools and listeners). */
export async function backendsOf(db) {
  const { rows } = await db.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  return rows.map((row) => row.pid);
}

/** CPU of each process on this machine by pid; empty when Postgres runs elsewhere (no /proc entry to read). */
export async function cpuOf(pids) {
  const byPid = new Map();
  for (const pid of pids) {
    const micros = await cpuMicros(pid);
    if (micros !== undefined) byPid.set(pid, micros);
  }
  return byPid;
}

/** CPU used between two snapshots by the processes in both (a backend a pool closed meanwhile is left out). */
export function cpuBetween(before, after) {
  let sum = 0;
  let seen = 0;
  for (const [pid, micros] of after) {
    if (!before.has(pid)) continue;
    sum += micros - before.get(pid);
    seen += 1;
  }
  return seen === 0 ? undefined : sum;
}

/** Stops a server with SIGTERM and waits for it to exit (a CPU profile is written at exit). */
export async function stopServer(target) {
  if (target.child.exitCode === null && target.child.signalCode === null) target.child.kill('SIGTERM');
  await Promise.race([target.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

/** An autocannon result's answers other than 2xx by status ("409 x1, 500 x2"), for a failed run's message. */
export function statusesOtherThan2xx(result) {
  return Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status} x${count}`)
    .join(', ');
}

/** How many answers an autocannon run of `label` got; throws, naming the statuses, unless every one was 2xx. */
export function allAnswered(label, result) {
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  if (result.errors > 0 || result.timeouts > 0 || result['2xx'] !== answered) {
    const statuses = statusesOtherThan2xx(result);
    throw new Error(
      `${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${answered - result['2xx']} answers other than 2xx` +
        (statuses ? ` (${statuses})` : ''),
    );
  }
  return answered;
}

export function step(message) {
  console.log(`- ${message}`);
}

export function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** BENCH_DURATION and BENCH_WARMUP: seconds measured per run and of warm-up before it, with the script's defaults. */
export function runSeconds(duration, warmup) {
  return { duration: positiveInteger('BENCH_DURATION', duration), warmup: positiveInteger('BENCH_WARMUP', warmup) };
}

/** BENCH_CONNECTIONS: the connection counts to load with, comma-separated. */
export function connectionCounts(fallback) {
  return (process.env.BENCH_CONNECTIONS ?? fallback).split(',').map((n) => {
    const value = Number(n);
    if (!Number.isInteger(value) || value <= 0) throw new Error('BENCH_CONNECTIONS must be whole numbers, comma-separated');
    return value;
  });
}

/** With `--cpu-prof` (or BENCH_CPU_PROF=1): a fresh folder for the API's CPU profile and its NODE_OPTIONS; else undefined. */
export async function cpuProfiling() {
  const asked = process.argv.includes('--cpu-prof') || process.argv.includes('--cpu-prof=true') || process.env.BENCH_CPU_PROF === '1';
  if (!asked) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-prof-'));
  return { dir, nodeOptions: `--cpu-prof --cpu-prof-dir=${dir}` };
}

/**
 * What this process allocates from now on, sampled by V8's heap profiler with the objects the garbage collector has
 * taken since counted too (allocation, not what stays): `summary(count, unit)` stops it and gives the bytes per
 * `unit` by package (or the app's folder) and the functions that allocate most, each with its caller.
 */
export async function allocationSampling() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async summary(count, unit) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      const where = (frame) => {
        const url = frame.url ?? '';
        if (url.includes('/node_modules/')) {
          const rest = url.split('/node_modules/').pop().split('/');
          return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
        }
        if (url.includes('/dist/')) return `app: ${url.split('/dist/').pop().split('/').slice(0, -1).join('/') || '.'}`;
        return url.startsWith('node:') ? url : url ? 'other' : '(native)';
      };
      const byPlace = new Map();
      const byFunction = new Map();
      let total = 0;
      const walk = (node, parent) => {
        const frame = node.callFrame;
        if (node.selfSize > 0) {
          total += node.selfSize;
          const place = where(frame);
          byPlace.set(place, (byPlace.get(place) ?? 0) + node.selfSize);
          const name = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1} <- ${parent?.functionName || '(anonymous)'} ${parent ? where(parent) : ''}`;
          byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
        }
        for (const child of node.children) walk(child, frame);
      };
      walk(profile.head, undefined);
      const kb = (bytes) => `${(bytes / count / 1024).toFixed(1)} kB`;
      const top = (map, n) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([name, bytes]) => `  ${kb(bytes).padStart(9)}  ${name}`);
      return [
        `allocated: ${kb(total)} a ${unit}; by place:`,
        ...top(byPlace, 15),
        'by function (and its caller):',
        ...top(byFunction, 25),
      ].join('\n');
    },
  };
}

/** The built API (production settings) in a process of its own on `databaseUrl`, ready when /api/health answers. */
export function startApi(name, port, databaseUrl, extraEnv = {}) {
  // BENCH_API_NODE_OPTIONS: Node options for the API alone (e.g. --perf-basic-prof-only-functions, for `perf record`).
  const nodeOptions = process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {};
  // BENCH_API_NODE_ARGS: options on the API's command line, for those NODE_OPTIONS refuses (V8's GC flags).
  const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return startServer(name, [...nodeArgs, path.join(dist, 'main.js')], port, databaseUrl, '/api/health', { ...nodeOptions, ...extraEnv });
}

export async function cleanUp() {
  while (cleanups.length > 0) {
    await cleanups
      .pop()()
      .catch((error) => console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/**
 * Where the API's CPU went while it was loaded, from the V8 CPU profile written at its exit: the functions with
 * the most self time, the packages (or source files) they belong to, and the total time (self and callees) of
 * each global per-request piece.
 */
export async function summarizeProfile(dir) {
  const { readdir } = await import('node:fs/promises');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) {
    console.log(`\nno CPU profile was written to ${dir} (did the API exit cleanly?)`);
    return;
  }
  const profile = JSON.parse(await readFile(path.join(dir, files[0]), 'utf8'));
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length); // µs per sample
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const total = new Map();
  const totalOf = (node) => {
    if (total.has(node.id)) return total.get(node.id);
    const value = node.hitCount + (node.children ?? []).reduce((sum, id) => sum + totalOf(byId.get(id)), 0);
    total.set(node.id, value);
    return value;
  };
  const label = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url
      .replace(/^file:\/\//, '')
      .replace(/.*node_modules\//, '')
      .replace(/.*apps\/api\/dist\//, 'api/');
    return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
  };
  const self = new Map();
  const owners = new Map();
  // Shares of the time the API was busy: idle time (waiting for the next request) is left out.
  let samples = 0;
  for (const node of profile.nodes) {
    if (node.callFrame.functionName !== '(idle)') samples += node.hitCount;
    self.set(label(node), (self.get(label(node)) ?? 0) + node.hitCount);
    const url = node.callFrame.url;
    const owner = url.includes('node_modules/')
      ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
      : url.includes('apps/api/dist/')
        ? `api/${url.replace(/.*apps\/api\/dist\//, '')}`
        : url
          ? 'node internals'
          : node.callFrame.functionName || '(vm)';
    owners.set(owner, (owners.get(owner) ?? 0) + node.hitCount);
  }
  const pct = (hits) => `${((100 * hits) / samples).toFixed(1).padStart(5)}%`;
  const lines = [
    '',
    `CPU profile of the API (${files[0]}, ${samples} busy samples of ~${Math.round(interval)} µs)`,
    'top self time (share of busy time):',
  ];
  self.delete('(idle)');
  owners.delete('(idle)');
  for (const [name, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) lines.push(`  ${pct(hits)}  ${name}`);
  lines.push('by package / file:');
  for (const [name, hits] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`  ${pct(hits)}  ${name}`);
  // Total time of the pieces that run on every request, counted once per distinct frame (not per recursion).
  const pieces =
    /canActivate|loggingMiddleware|onResFinished|bindLoggerMiddleware|httpMiddleware|finished api|requestIdFrom|genReqId|JwtAuthGuard|RolesGuard|UserParamGuard|getAllAndOverride|LOG pino|asJson|redact|scrubText|ProductsController|listPage|readThrough|parseProductListQuery|setPageHeaders|answer api|observe api|cachedPage|headOf/;
  const inclusive = new Map();
  for (const node of profile.nodes) {
    const name = label(node);
    if (!pieces.test(name)) continue;
    inclusive.set(name, (inclusive.get(name) ?? 0) + totalOf(node));
  }
  lines.push('global per-request pieces, total time (self + callees):');
  for (const [name, hits] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`  ${pct(hits)}  ${name}`);
  console.log(lines.join('\n'));
}

/**
 * Vacuums and analyses a database whose orders a seed paid in one statement, after compacting the rollups that made
 * bloated: the triggers rewrote each day's totals row and each status's count row once per order inside one
 * transaction, none of it prunable (1,031 pages for 401 days and 618 for 5 statuses at 100,000 orders, read by every
 * order list's count and the overview). A shop paid one order at a time, pruned and vacuumed as it goes, keeps them
 * at a few pages (docs/performance.md, "The e-mail prefix search at volume").
 */
export async function settleSeededOrders(db) {
  await db.query('VACUUM FULL order_daily_totals, order_status_totals');
  await db.query('VACUUM ANALYZE');
}

/** The mean of `figures` and its standard error (the sample's standard deviation over the square root of its size). */
export function meanAndError(figures) {
  const mean = figures.reduce((sum, x) => sum + x, 0) / figures.length;
  const variance = figures.reduce((sum, x) => sum + (x - mean) ** 2, 0) / Math.max(1, figures.length - 1);
  return { mean, error: Math.sqrt(variance / figures.length) };
}

/** CPU microseconds (user + system) of this process per call of `work`, over `calls` sequential awaited calls. */
export async function cpuPerCall(work, calls) {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) await work(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

/**
 * The in-process benches' way to answer requests with no network and no load generator: `requests` GETs of `url`
 * (with `headers`) as real node:http request and response objects, each handed to `handle(request, response)`, then
 * 'finish' and 'close' emitted as node does once an answer is sent; `perTurn` requests per event-loop turn, as under
 * load. Returns a run: it resolves to this process's CPU microseconds per request.
 */
export function inProcessRequests(handle, { url, headers = {}, requests, perTurn = 20 }) {
  const socket = new net.Socket();
  return async () => {
    const started = process.cpuUsage();
    for (let i = 0; i < requests; i += 1) {
      const { request, response } = inProcessGet(socket, url, headers);
      handle(request, response);
      response.emit('finish');
      response.emit('close');
      if (i % perTurn === perTurn - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const used = process.cpuUsage(started);
    return (used.user + used.system) / requests;
  };
}

/**
 * A POST of the JSON text `body` to `url` (with `headers`) as real node:http request and response objects, on a socket
 * of its own that never connects (requests with bodies sharing one socket stall each other's reads).
 */
export function inProcessPost(url, headers, body) {
  const request = new http.IncomingMessage(new net.Socket());
  request.method = 'POST';
  request.url = url;
  request.headers = {
    host: 'localhost',
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  };
  request.push(body);
  request.push(null);
  // As node:http's parser marks a request whose body it has read: otherwise, destroyed after its answer, the request
  // counts as aborted and destroys its socket, making an ERR_STREAM_PREMATURE_CLOSE error with its stack each time
  // (about 35 µs a checkout in a profile) that a real request never costs.
  request.complete = true;
  return { request, response: new http.ServerResponse(request) };
}

/** A GET of `url` (with `headers`) as real node:http request and response objects on `socket`, which never connects. */
export function inProcessGet(socket, url, headers = {}) {
  const request = new http.IncomingMessage(socket);
  request.method = 'GET';
  request.url = url;
  request.headers = { host: 'localhost', ...headers };
  return { request, response: new http.ServerResponse(request) };
}

/** Runs each of `runs` in turn, `rounds` times; per run, the median of its figures after the first (warm-up: JIT) round. */
export async function mediansAfterWarmUp(runs, rounds) {
  const figures = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) for (const [name, run] of Object.entries(runs)) figures[name].push(await run());
  const median = (values) => values.slice(1).sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  return Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, median(values)]));
}

/**
 * Warms each of `ways` up, then prints each one's CPU per call (`calls` calls a way) in each of `rounds` rounds,
 * beside `base`'s; `more()`, when given, adds its text to each round's line.
 */
export async function compareWays(ways, base, calls, rounds, more) {
  for (const work of Object.values(ways)) await cpuPerCall(work, calls); // warm-up: JIT, pool connections, metadata
  for (let round = 1; round <= rounds; round += 1) {
    const results = {};
    for (const [name, work] of Object.entries(ways)) results[name] = await cpuPerCall(work, calls);
    const line = Object.entries(results)
      .map(([name, micros]) => `${name} ${micros.toFixed(1)} µs (${(micros / results[base]).toFixed(2)}x)`)
      .join(', ');
    console.log(`round ${round}: ${line}${more ? await more() : ''}`);
  }
}

/** A scratch database (dropped at the end) on the Postgres server `databaseServer` finds; its URL, and that server. */
export async function scratchDatabaseOnServer(port) {
  const server = await databaseServer(port ?? (await freePort()));
  const url = await scratchDatabase(server.url);
  step(`scratch database on ${server.kind}`);
  return { server, url };
}

/**
 * The preamble of an in-process benchmark: a scratch database (migrated when the built API's data source opens),
 * open as a TypeORM data source for `work`, closed afterwards.
 */
export async function withScratchDataSource(work) {
  const { url } = await scratchDatabaseOnServer();
  const [{ DataSource }, { dataSourceOptions }] = await Promise.all([import('typeorm'), fromDist('database/data-source.js')]);
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The built API (apps/api/dist) started in this process as main.ts starts it, with production settings on the
 * database `url`, signing tokens with `jwtSecret`, the test gateway, JSON log lines, and `env` besides, for the
 * in-process benches: the app, and its node:http request handler to hand request and response objects to.
 */
export async function inProcessApp(url, jwtSecret, env = {}) {
  Object.assign(process.env, {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    PAYMENT_GATEWAY: 'test',
    LOG_FORMAT: 'json',
    ...env,
  });
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await fromDist('app.module.js');
  const { configureApp } = await fromDist('app.setup.js');
  const { loadConfig } = await fromDist('config/env.js');
  const { createLogger } = await fromDist('common/logging/logger.js');
  const { nestLogger } = await fromDist('common/logging/logging.module.js');
  const config = loadConfig();
  const logger = createLogger(config.log);
  const app = await NestFactory.create(AppModule.forRoot(config, logger), { logger: nestLogger(logger) });
  configureApp(app, config);
  await app.init();
  return { app, handle: app.getHttpServer().listeners('request')[0] };
}
