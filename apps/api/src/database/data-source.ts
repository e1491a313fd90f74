import type { DataSourceOptions } from 'typeorm';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

/** Time limits for every connection of a pool; see docs/security.md. */
export interface DatabaseTimeouts {
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  poolMax: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementTimeoutMs: 5000, connectTimeoutMs: 3000, poolMax: 10 };

/**
 * node-postgres pool options that make a stalled or vanished database fail fast instead of hanging:
 * `statement_timeout` is enforced by Postgres (a slow query is cancelled there), `query_timeout` by the
 * client (a frozen server that never answers still releases the caller), `connectionTimeoutMillis` bounds
 * waiting for a connection. Exported so every pool in the API (TypeORM's and any raw `pg` pool) uses the same.
 */
export function pgPoolOptions(timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): Record<string, unknown> {
  return {
    max: timeouts.poolMax,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    // A little over the server-side limit, so Postgres' own cancel (a clear error) normally wins.
    query_timeout: timeouts.statementTimeoutMs + 1000,
    idle_in_transaction_session_timeout: timeouts.statementTimeoutMs * 2,
    keepAlive: true,
    application_name: 'tshirt-store-api',
  };
}

/**
 * TypeORM options for a database URL. The schema comes only from migrations, run at start-up;
 * `synchronize` stays off everywhere, tests included, so tests exercise the real schema.
 */
export function dataSourceOptions(url: string, timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: pgPoolOptions(timeouts),
  };
}
