import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from './config/env.js';
import { dataSourceOptions } from './database/data-source.js';
import { Database } from './database/transactions.js';
import { migratePhotos } from './modules/photos/photo-migration.js';
import { S3PhotoObjectStore } from './modules/photos/photo-store.js';
import { ProductPhotosRepository } from './modules/photos/product-photos.repository.js';

/**
 * `npm run photos:migrate [-- --to s3|postgres]`: moves product photos' bytes between Postgres and the object
 * store (default: to the store PHOTO_STORE names). Resumable: run it again after an interruption. Needs
 * DATABASE_URL and the S3_* settings either way.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const to = targetFromArgs(process.argv.slice(2)) ?? config.photoStore.kind;
  const problems: string[] = [];
  if (!config.databaseUrl) problems.push('DATABASE_URL: required to migrate photos');
  if (!config.photoStore.s3) problems.push('S3_BUCKET (and the S3_* settings of the object store): required to migrate photos');
  if (problems.length > 0 || !config.photoStore.s3 || !config.databaseUrl) throw new ConfigError(problems);

  const dataSource = new DataSource({ ...dataSourceOptions(config.databaseUrl), migrationsRun: false });
  await dataSource.initialize();
  try {
    const photos = new ProductPhotosRepository(
      dataSource,
      Database.standalone(dataSource),
      config,
      new S3PhotoObjectStore(config.photoStore.s3),
    );
    const { moved, skipped } = await migratePhotos(photos, to, { log: (line) => console.log(line) });
    console.log(`Done: ${moved} photo(s) moved to ${to}${skipped ? `, ${skipped} changed meanwhile (already current)` : ''}.`);
  } finally {
    await dataSource.destroy();
  }
}

function targetFromArgs(args: string[]): 's3' | 'postgres' | undefined {
  const index = args.findIndex((arg) => arg === '--to' || arg.startsWith('--to='));
  if (index === -1) return undefined;
  const value = args[index].includes('=') ? args[index].split('=')[1] : args[index + 1];
  if (value === 's3' || value === 'postgres') return value;
  throw new ConfigError([`--to: must be s3 or postgres (got "${value ?? ''}")`]);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
