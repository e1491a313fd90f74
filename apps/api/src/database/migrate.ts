import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../config/env.js';
import { dataSourceOptions } from './data-source.js';

/** One-shot `npm run migration:run`: applies pending migrations to DATABASE_URL and exits (the API also runs them at start). */
async function migrate(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError(['DATABASE_URL: required to run migrations']);
  const dataSource = new DataSource({ ...dataSourceOptions(config.databaseUrl), migrationsRun: false });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    console.log(applied.length ? `Applied ${applied.map((m) => m.name).join(', ')}` : 'The schema is up to date');
  } finally {
    await dataSource.destroy();
  }
}

migrate().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
