import { dropDatabase } from '../../src/database/embedded-postgres.ts';

/** Drops the run's template database (global-setup.mjs), then stops the Postgres server the run started, if any. */
export default async function globalTeardown() {
  try {
    const template = globalThis.__testDatabaseTemplate;
    if (template) await dropDatabase(process.env.TEST_DB_SERVER_URL, template);
  } finally {
    await globalThis.__testDatabaseServer?.stop();
  }
}
