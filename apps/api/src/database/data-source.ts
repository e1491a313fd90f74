import type { DataSourceOptions } from 'typeorm';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

/**
 * TypeORM options for a database URL. The schema comes only from migrations, run at start-up;
 * `synchronize` stays off everywhere, tests included, so tests exercise the real schema.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: 10, connectionTimeoutMillis: 5000, application_name: 'tshirt-store-api' },
  };
}
