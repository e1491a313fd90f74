// Plain ESM so Jest can load it natively; it imports the API's embedded-Postgres helper as TypeScript
// through Node 24's type stripping (that file uses erasable syntax only).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, ensureDatabase, onServer, startEmbeddedPostgres } from '../../src/database/embedded-postgres.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const migrationsDir = path.join(root, 'apps/api/src/database/migrations');

/**
 * Finds one Postgres server for the whole run (see findTestPostgres) and migrates one template database on it.
 * Each test file then creates its own database on that server as a copy of the template (see test-database.ts):
 * a file copy in Postgres instead of every migration run once per test file.
 */
export default async function globalSetup() {
  await findTestPostgres();
  const template = await migratedTemplate(process.env.TEST_DB_SERVER_URL);
  globalThis.__testDatabaseTemplate = template;
  process.env.TEST_DB_TEMPLATE = template;
}

/**
 * One Postgres server for the whole run: TEST_DATABASE_URL when set; else a Testcontainers Postgres when a
 * container runtime answers; else an embedded Postgres in a temporary folder. Its URL goes to TEST_DB_SERVER_URL.
 */
export async function findTestPostgres() {
  const server = await findServer();
  globalThis.__testDatabaseServer = server;
  process.env.TEST_DB_SERVER_URL = server.url;
  console.log(`\n[test-db] Postgres from ${server.kind}`);
}

async function findServer() {
  const given = process.env.TEST_DATABASE_URL?.trim();
  if (given) return { url: given, kind: 'TEST_DATABASE_URL', stop: async () => undefined };

  const container = await startContainer().catch(() => undefined);
  if (container) return container;

  const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'store-test-pg-')), 'data');
  const embedded = await startEmbeddedPostgres({ dataDir, persistent: false });
  return { url: embedded.serverUrl, kind: 'embedded-postgres', stop: embedded.stop };
}

async function startContainer() {
  const { getContainerRuntimeClient } = await import('testcontainers');
  // Throws within milliseconds when there is no Docker (or compatible) engine.
  await getContainerRuntimeClient();
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  // TEST_POSTGRES_IMAGE: another image than the official one (the ops tests pass their local stand-in).
  const container = await new PostgreSqlContainer(process.env.TEST_POSTGRES_IMAGE || 'postgres:17-alpine').start();
  return { url: container.getConnectionUri(), kind: 'testcontainers', stop: async () => void (await container.stop()) };
}

/**
 * A new database migrated by the API's own migration command (`npm run migration:run`, from source), closed to
 * connections afterwards (a copy needs a template nobody is connected to). Its name says which migrations it
 * holds (a hash of the migrations folder) and carries a random tail, so runs side by side on one server (other
 * checkouts, the pact step) never share or drop each other's template.
 */
async function migratedTemplate(serverUrl) {
  const files = (await readdir(migrationsDir)).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(path.join(migrationsDir, file)));
  const name = `store_template_${hash.digest('hex').slice(0, 12)}_${randomBytes(3).toString('hex')}`;
  const url = await ensureDatabase(serverUrl, name);
  try {
    await migrate(url);
    await onServer(serverUrl, (client) => client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`));
  } catch (error) {
    await dropDatabase(serverUrl, name).catch(() => undefined);
    throw error;
  }
  return name;
}

function migrate(databaseUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', './apps/api/test/support/ts-register.mjs', 'apps/api/src/database/migrate.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Migrating the test databases' template failed (exit ${code}):\n${output}`)),
    );
  });
}
