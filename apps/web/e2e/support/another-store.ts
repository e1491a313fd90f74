import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { dropDatabase, ensureDatabase } from '../../../api/src/database/embedded-postgres';

const root = path.resolve(__dirname, '../../../..');

/** A second store, started as the global setup starts the first (the built API serving the built web app). */
export interface AnotherStore {
  baseUrl: string;
  admin: { email: string; password: string; name: string };
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built store once more, on its own port and a fresh database (TEST_DATABASE_URL's server, or an embedded
 * Postgres in a new folder), with `env` over the browser run's settings: for a setting the shared store must not
 * have (ADMIN_2FA=required would confine every other spec's admin to enrolling). Its log: artifacts/browser/<name>.log.
 */
export async function startAnotherStore(name: string, env: Record<string, string>): Promise<AnotherStore> {
  const port = await freePort();
  const admin = { email: `${name}-admin@example.com`, password: `pw-${randomBytes(9).toString('base64url')}`, name: 'Olive Owner' };
  const dataDir = mkdtempSync('/tmp/web-e2e-');
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    WEB_DIST: path.join(root, 'apps/web/dist'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_NAME: admin.name,
    AUTH_RATE_LIMIT: '1000',
    LOG_FORMAT: 'json',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    STORE_DATA_DIR: dataDir,
    ...env,
  };
  for (const key of ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY', 'DATABASE_URL']) delete childEnv[key];
  let database: { serverUrl: string; name: string } | undefined;
  if (process.env.TEST_DATABASE_URL) {
    database = { serverUrl: process.env.TEST_DATABASE_URL, name: `store_web_e2e_${randomBytes(6).toString('hex')}` };
    childEnv.DATABASE_URL = await ensureDatabase(database.serverUrl, database.name);
  }

  const logDir = path.join(root, 'artifacts', 'browser');
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${name}.log`));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `${code ?? signal}`));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    }
    if (database) await dropDatabase(database.serverUrl, database.name);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`The ${name} store exited while starting (${exited}); see artifacts/browser/${name}.log`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() - started > 120_000) {
      await stop();
      throw new Error(`The ${name} store did not answer /api/health in time; see artifacts/browser/${name}.log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, admin, stop };
}
