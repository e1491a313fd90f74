// Starts the store the way `npm start` serves it (API + built web app on one port) on a fresh database:
// a new database on TEST_DATABASE_URL's server when that is set (CI), else an embedded Postgres in a new
// /tmp/web-e2e-* folder. The demo catalogue is seeded so the shop has t-shirts to browse.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase } from '../../../api/src/database/embedded-postgres.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const STARTUP_LIMIT_MS = 120_000;

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A free port in the web tests' range (3500-3599), starting at a random one so parallel runs rarely collide. */
async function freePort() {
  const start = 3500 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i += 1) {
    const port = 3500 + ((start - 3500 + i) % 100);
    if (await portIsFree(port)) return port;
  }
  throw new Error('No free port in 3500-3599 for the browser tests');
}

export default async function globalSetup() {
  for (const file of ['apps/api/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, file)))
      throw new Error(`${file} is missing: build first (npm run build, or the first step of npm test)`);
  }
  const port = await freePort();
  // A second origin (another port) the API allows through CORS_ORIGINS; cors.e2e-spec.ts serves a page there.
  let corsPort = await freePort();
  while (corsPort === port) corsPort = await freePort();
  const admin = { email: 'e2e-admin@example.com', password: `pw-${randomBytes(9).toString('base64url')}`, name: 'Erin Admin' };
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    WEB_DIST: path.join(root, 'apps/web/dist'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_NAME: admin.name,
    AUTH_RATE_LIMIT: '1000',
    CORS_ORIGINS: `http://127.0.0.1:${corsPort}`,
    LOG_FORMAT: 'json',
    // The links in e-mails (password reset, staff invitations) open the store where the browser tests do.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  // The offline test gateway: the browser cannot reach Braintree here, and the tests pay with test cards.
  for (const name of ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY']) delete env[name];

  const state = { port, admin };
  if (process.env.TEST_DATABASE_URL) {
    const name = `store_web_e2e_${randomBytes(6).toString('hex')}`;
    const url = await ensureDatabase(process.env.TEST_DATABASE_URL, name);
    // Without SMTP_URL the order e-mails go to STORE_DATA_DIR/outbox: a folder of this run's, not the checkout's .data.
    const dataDir = mkdtempSync('/tmp/web-e2e-');
    Object.assign(env, { DATABASE_URL: url, SEED_DEMO: 'true', STORE_DATA_DIR: dataDir });
    state.database = { serverUrl: process.env.TEST_DATABASE_URL, name };
    state.dataDir = dataDir;
  } else {
    delete env.DATABASE_URL;
    const dataDir = mkdtempSync('/tmp/web-e2e-');
    env.STORE_DATA_DIR = dataDir;
    state.dataDir = dataDir;
  }

  const logDir = path.join(root, 'artifacts', 'browser');
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, 'server.log'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  state.child = child;
  globalThis.__STORE_E2E__ = state;

  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`The store exited while starting (${JSON.stringify(exited)}); see artifacts/browser/server.log`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > STARTUP_LIMIT_MS)
      throw new Error('The store did not answer /api/health in time; see artifacts/browser/server.log');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(
    `\nbrowser tests: store on ${baseUrl} (${state.database ? `database ${state.database.name}` : `embedded Postgres in ${state.dataDir}`})`,
  );

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_OUTBOX_DIR = path.join(env.STORE_DATA_DIR, 'outbox');
  process.env.E2E_CORS_PORT = String(corsPort);
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_ADMIN_NAME = admin.name;
}
