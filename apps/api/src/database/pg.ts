/**
 * Shared Postgres helpers for the modules' repositories.
 *
 * Layering rule: `database/` (like `common/`) is a LOWER layer. Modules may import from here; nothing here may
 * import from `modules/` (the composition files `entities.ts`, `data-source.ts` and `seed/` are the exceptions
 * that assemble the app, and no module imports them). That keeps the dependency graph one-way.
 */
import type pg from 'pg';
import type { DataSource, EntityManager, QueryResult } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * The rows a statement returned, inside the manager's transaction: a SELECT, or an INSERT, UPDATE or DELETE
 * with RETURNING (TypeORM's plain `query()` shapes the results of writes differently from those of reads).
 */
export async function queryRows<T>(manager: EntityManager, sql: string, parameters: unknown[] = []): Promise<T[]> {
  if (!manager.queryRunner) throw new Error('queryRows runs inside a transaction (an EntityManager with a query runner)');
  const result = (await manager.queryRunner.query(sql, parameters, true)) as QueryResult<T>;
  return result.records;
}

/**
 * The pg pool TypeORM connected (its Postgres driver's `master`), for hot reads. A `dataSource.query()` builds,
 * connects and releases a QueryRunner on every call, which measured about 90 µs of CPU per product list (a sixth
 * of the request); the pool's own `query()` does the same round trip without it. Same connections, same limits.
 * Writes keep TypeORM's transactions.
 */
export function pgPool(dataSource: DataSource): pg.Pool {
  return (dataSource.driver as PostgresDriver).master as pg.Pool;
}
