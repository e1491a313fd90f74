import pg from 'pg';

/** Drops the run's template database (global-setup.mjs), then stops the Postgres server the run started, if any. */
export default async function globalTeardown() {
  try {
    const template = globalThis.__testDatabaseTemplate;
    if (template) {
      const client = new pg.Client({ connectionString: process.env.TEST_DB_SERVER_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${template}`);
      } finally {
        await client.end();
      }
    }
  } finally {
    await globalThis.__testDatabaseServer?.stop();
  }
}
