import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePortIn, startBuiltStore } from './built-store';

const root = path.resolve(__dirname, '../../../..');

/** A second store, started as the global setup starts the first (the built API serving the built web app). */
export interface AnotherStore {
  baseUrl: string;
  admin: { email: string; password: string; name: string };
  stop(): Promise<void>;
}

/**
 * Starts the built store once more, on its own port and a fresh database (TEST_DATABASE_URL's server, or an embedded
 * Postgres in a new folder), with `env` over the browser run's settings: for a setting the shared store must not
 * have (ADMIN_2FA=required would confine every other spec's admin to enrolling). Its log: artifacts/browser/<name>.log.
 */
export async function startAnotherStore(name: string, env: Record<string, string>): Promise<AnotherStore> {
  const admin = { email: `${name}-admin@example.com`, password: `pw-${randomBytes(9).toString('base64url')}`, name: 'Olive Owner' };
  const store = await startBuiltStore({
    root,
    // Its own range, beside the shared store's (3500-3599).
    port: await freePortIn(3600, 100),
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ADMIN_NAME: admin.name, AUTH_RATE_LIMIT: '1000', ...env },
    logFile: path.join(root, 'artifacts', 'browser', `${name}.log`),
    databasePrefix: 'store_web_e2e',
    // Under the browser tests' hook timeout (90 s, jest.config.mjs): a store that does not start is stopped by
    // startBuiltStore, and the hook fails with its reason, instead of timing out with the store still starting.
    startupLimitMs: 75_000,
  });
  return { baseUrl: store.baseUrl, admin, stop: store.stop };
}
