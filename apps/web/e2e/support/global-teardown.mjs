// Stops the store the global setup started and removes its database.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dropDatabase } from '../../../api/src/database/embedded-postgres.ts';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export default async function globalTeardown() {
  const state = globalThis.__STORE_E2E__;
  if (!state) return;
  const { child } = state;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A clean stop closes the pool and, for the embedded database, stops Postgres; SIGKILL only if it hangs.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (state.database) await dropDatabase(state.database.serverUrl, state.database.name);
  if (state.dataDir) {
    // The embedded Postgres finishes its own shutdown after the API exits; it removes postmaster.pid last.
    const pidFile = path.join(state.dataDir, 'postgres', 'postmaster.pid');
    for (let waited = 0; existsSync(pidFile) && waited < 15_000; waited += 100) await sleep(100);
    try {
      rmSync(state.dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.warn(`Could not remove ${state.dataDir}:`, error);
    }
  }
}
