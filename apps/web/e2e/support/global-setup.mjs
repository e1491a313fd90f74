// Starts the store the way `npm start` serves it (API + built web app on one port) on a fresh database
// (built-store.ts): a new database on TEST_DATABASE_URL's server when that is set (CI), else an embedded Postgres in a
// new folder. The demo catalogue is seeded so the shop has t-shirts to browse.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePortIn, startBuiltStore } from './built-store.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A free port in the web tests' range (3500-3599). */
const freePort = () => freePortIn(3500, 100);

export default async function globalSetup() {
  const port = await freePort();
  // A second origin (another port) the API allows through CORS_ORIGINS; cors.e2e-spec.ts serves a page there.
  let corsPort = await freePort();
  while (corsPort === port) corsPort = await freePort();
  const admin = { email: 'e2e-admin@example.com', password: `pw-${randomBytes(9).toString('base64url')}`, name: 'Erin Admin' };
  const store = await startBuiltStore({
    root,
    port,
    env: {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_NAME: admin.name,
      AUTH_RATE_LIMIT: '1000',
      CORS_ORIGINS: `http://127.0.0.1:${corsPort}`,
      SEED_DEMO: 'true',
    },
    logFile: path.join(root, 'artifacts', 'browser', 'server.log'),
    databasePrefix: 'store_web_e2e',
  });
  globalThis.__STORE_E2E__ = store;
  console.log(`\nbrowser tests: store on ${store.baseUrl}`);

  process.env.E2E_BASE_URL = store.baseUrl;
  // Without SMTP_URL the order e-mails go to STORE_DATA_DIR/outbox: a folder of this run's, not the checkout's .data.
  process.env.E2E_OUTBOX_DIR = path.join(store.dataDir, 'outbox');
  process.env.E2E_CORS_PORT = String(corsPort);
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_ADMIN_NAME = admin.name;
}
