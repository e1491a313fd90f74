// A fresh database per test file on the Postgres server the global setup found (TEST_DB_SERVER_URL),
// like apps/api/test/support/test-database.ts does for the API's e2e tests.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

function serverUrl() {
  const url = process.env.TEST_DB_SERVER_URL;
  if (!url) throw new Error('TEST_DB_SERVER_URL is not set: run through docker/test/jest.config.mjs, whose global setup finds a Postgres');
  return url;
}

async function onServer(run) {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** {url, name, query(sql), connections(), drop()} for a new, empty database. */
export async function createDatabase() {
  const name = `store_ops_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** Runs one query on the new database. */
    async query(sql, params) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    /** How many sessions the API (application_name tshirt-store-api) has open on this database. */
    connections: () =>
      onServer(async (client) => {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'tshirt-store-api'`,
          [name],
        );
        return rows[0].n;
      }),
    drop: () => onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
