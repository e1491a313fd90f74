import { randomBytes } from 'node:crypto';
import { DataSource, type QueryRunner } from 'typeorm';
import { databaseUrl, dropDatabase, onServer } from '../../src/database/embedded-postgres.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.TEST_DB_SERVER_URL;
  if (!url) throw new Error('TEST_DB_SERVER_URL is not set: run tests through the jest config, whose global setup finds a Postgres');
  return url;
}

/**
 * A new database for one test file. `migrated` (the default): a copy of the run's migrated template (the global
 * setup's), so the app finds nothing to migrate when it starts. `migrated: false`: an empty database, for a
 * restore target or anything that must see an unmigrated schema; the app's migrations build it when it starts.
 * Without a template (not run through the jest config's global setup) the database is empty either way.
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? process.env.TEST_DB_TEMPLATE : undefined;
  await onServer(serverUrl(), (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return { url: databaseUrl(serverUrl(), name), drop: () => dropDatabase(serverUrl(), name) };
}

/**
 * Runs `work` as the migrations job runs a migration: on a connection of its own, without the app's time limits
 * (rewriting a table takes a while on a busy machine), in one transaction, committed when `work` resolves and
 * rolled back when it throws.
 */
export async function inMigrationTransaction(url: string, work: (runner: QueryRunner) => Promise<void>): Promise<void> {
  const migrations = new DataSource({ type: 'postgres', url });
  await migrations.initialize();
  const runner = migrations.createQueryRunner();
  try {
    await runner.startTransaction();
    await work(runner);
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
    await migrations.destroy();
  }
}
