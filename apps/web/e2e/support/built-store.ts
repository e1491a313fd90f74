// The built store as `npm start` serves it (apps/api/dist/main.js serving apps/web/dist on one port), started for
// the browser tests (their global setup and another-store.ts) and for `npm run lighthouse`. Plain TypeScript that
// Node runs as it is (the global setup and the Lighthouse tool are not transformed), hence the `.ts` import.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { dropDatabase, ensureDatabase, onServer } from '../../../api/src/database/embedded-postgres.ts';

const STARTUP_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 15_000;

export interface BuiltStoreOptions {
  /** The repository's root (the built files and the API's working directory). */
  root: string;
  port: number;
  /** Settings over the defaults below (NODE_ENV=test, PORT, WEB_DIST, LOG_FORMAT=json, PUBLIC_URL on the port). */
  env: Record<string, string>;
  /** Where the store's output goes. */
  logFile: string;
  /** The start of its database's name on TEST_DATABASE_URL's server (a random suffix follows). */
  databasePrefix: string;
  /**
   * How long it may take to answer /api/health, both tries together (default two minutes). A caller inside a test
   * hook gives less than the hook's timeout, so that a store that does not start is stopped here, not left running
   * after the hook has failed.
   */
  startupLimitMs?: number;
}

export interface BuiltStore {
  baseUrl: string;
  /** Its STORE_DATA_DIR, a new folder: the embedded Postgres (without TEST_DATABASE_URL) and the mail outbox. */
  dataDir: string;
  /** Stops the store, drops its database and removes its folder. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/**
 * A free port among `count` from `first`, starting at a random one so parallel runs rarely collide. The ranges the
 * stores use lie below the kernel's ephemeral ports (32768 and up): a port the system handed out (`listen(0)`) is
 * free again the moment it is closed, and the API tests' servers and every outgoing connection running beside the
 * browser tests take theirs from there, so one could take it before the store listens, and answer its health check.
 */
export async function freePortIn(first: number, count: number): Promise<number> {
  const start = Math.floor(Math.random() * count);
  for (let i = 0; i < count; i += 1) {
    const port = first + ((start + i) % count);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`No free port in ${first}-${first + count - 1}`);
}

/**
 * Starts the built store on `port` and a fresh database: a new one on TEST_DATABASE_URL's server when that is set
 * (CI), else an embedded Postgres in the store's new folder. The offline test gateway pays (no Braintree keys pass
 * through). Resolves once /api/health answers. A first try that has not answered within half the start-up limit is
 * described in the log, stopped, and started again once; a store that exits, or does not answer within the start-up
 * limit, is stopped and named with its log.
 */
export async function startBuiltStore(options: BuiltStoreOptions): Promise<BuiltStore> {
  const { root, logFile } = options;
  for (const file of ['apps/api/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, file)))
      throw new Error(`${file} is missing: build first (npm run build, or the first step of npm test)`);
  }
  mkdirSync(path.dirname(logFile), { recursive: true });
  // The first try has half the limit. The built API answers within seconds (7 s on an idle 2-core machine with the
  // demo catalogue's seeding), even on a loaded CI machine. Once, in CI, a store stayed up without answering (and, at
  // the test log level, without a line) until the limit: its log now says what it and its database were doing
  // (describeStuckStart), and the second try, on a new database, has the other half.
  const limit = options.startupLimitMs ?? STARTUP_LIMIT_MS;
  const deadline = Date.now() + limit;
  const first = await startOnce(options, Date.now() + limit / 2, false);
  if (first) return first;
  console.warn(`The store did not answer /api/health in ${limit / 2000} s; starting it again (${path.relative(root, logFile)})`);
  return (await startOnce(options, deadline, true))!;
}

/**
 * One try, its output appended to the log. Undefined when it did not answer by `until` (stopped, and described in
 * the log first), unless it is the last try: then that is an error, as is an exit.
 */
async function startOnce(options: BuiltStoreOptions, until: number, lastTry: boolean): Promise<BuiltStore | undefined> {
  const { root, port, logFile } = options;
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync('/tmp/built-store-');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    WEB_DIST: path.join(root, 'apps/web/dist'),
    LOG_FORMAT: 'json',
    // The pages' canonical URLs and the links in e-mails point where the tests and audits open the store.
    PUBLIC_URL: baseUrl,
    ...options.env,
    STORE_DATA_DIR: dataDir,
  };
  for (const name of ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY', 'DATABASE_URL']) delete env[name];
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `${options.databasePrefix}_${randomBytes(6).toString('hex')}`;
  if (serverUrl) env.DATABASE_URL = await ensureDatabase(serverUrl, databaseName);

  // A second try appends to the first's log, after what was found about the first.
  const log = createWriteStream(logFile, { flags: lastTry ? 'a' : 'w' });
  // --report-on-signal: SIGUSR2 makes Node write a diagnostic report (its stacks and handles) to the log's folder.
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', '--report-on-signal', `--report-directory=${path.dirname(logFile)}`, 'apps/api/dist/main.js'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = [child.stdout!, child.stderr!];
  for (const stream of output) stream.pipe(log, { end: false });
  const outputClosed = Promise.all(output.map((stream) => new Promise((resolve) => stream.once('close', resolve))));
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `${code ?? signal}`));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A clean stop closes the pool and, for the embedded database, stops Postgres; SIGKILL only if it hangs.
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
      await done;
      clearTimeout(timer);
    }
    if (serverUrl) await dropDatabase(serverUrl, databaseName);
    // The embedded Postgres finishes its own shutdown after the API exits; it removes postmaster.pid last.
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    for (let waited = 0; existsSync(pidFile) && waited < STOP_LIMIT_MS; waited += 100) await sleep(100);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    // The log closes once the last lines are in, or after 2 s if something the store started still holds its pipes.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([outputClosed, new Promise((resolve) => (timer = setTimeout(resolve, 2_000)))]);
    clearTimeout(timer);
    for (const stream of output) stream.unpipe(log).resume();
    await new Promise((resolve) => log.end(resolve));
  };

  for (const started = Date.now(); ; await sleep(200)) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`The store exited while starting (${exited}); see ${path.relative(root, logFile)}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > until) {
      log.write(
        await describeStuckStart(child, Date.now() - started, serverUrl ? { serverUrl, databaseName } : undefined, path.dirname(logFile)),
      );
      await stop();
      if (!lastTry) return undefined;
      throw new Error(`The store did not answer /api/health in time; see ${path.relative(root, logFile)}`);
    }
  }
  return { baseUrl, dataDir, stop };
}

/**
 * What a store that has not answered was doing, for its log: its database's sessions (each one's state, what it
 * waits on and its statement) when the database is on TEST_DATABASE_URL's server, and a Node diagnostic report asked
 * of the process (written if its main thread can still run JavaScript).
 */
async function describeStuckStart(
  child: ChildProcess,
  waitedMs: number,
  database: { serverUrl: string; databaseName: string } | undefined,
  reportDir: string,
): Promise<string> {
  const lines = [`\n[startBuiltStore] no answer on /api/health after ${Math.round(waitedMs / 1000)} s (pid ${child.pid})`];
  if (database) {
    const { serverUrl, databaseName } = database;
    try {
      const sessions = await onServer(serverUrl, (client) =>
        client.query(
          `SELECT pid, state, wait_event_type, wait_event, round(extract(epoch FROM now() - query_start))::int AS seconds, left(query, 300) AS query
             FROM pg_stat_activity WHERE datname = $1 ORDER BY pid`,
          [databaseName],
        ),
      );
      lines.push(`its database ${databaseName}: ${sessions.rowCount} session(s)`, ...sessions.rows.map((row) => JSON.stringify(row)));
    } catch (error) {
      lines.push(`its database's sessions could not be read: ${(error as Error).message}`);
    }
  }
  child.kill('SIGUSR2');
  await sleep(1_000);
  lines.push(`a diagnostic report was asked for (SIGUSR2): ${reportDir}/report.*.${child.pid}.*.json, if the process could write one`, '');
  return lines.join('\n');
}
