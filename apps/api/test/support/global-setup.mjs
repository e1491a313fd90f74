// Plain ESM so Jest can load it natively; it imports the API's embedded-Postgres helper as TypeScript
// through Node 24's type stripping (that file uses erasable syntax only).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.ts';

/**
 * Finds one Postgres server for the whole run: TEST_DATABASE_URL when set; else a Testcontainers
 * Postgres when a container runtime answers; else an embedded Postgres in a temporary folder.
 * Each test file then creates its own database on it (see test-database.ts).
 */
export default async function globalSetup() {
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
