/**
 * Shared Postgres helpers for the modules' repositories.
 *
 * Layering rule: `database/` (like `common/`) is a LOWER layer. Modules may import from here; nothing here may
 * import from `modules/` (the composition files `entities.ts`, `data-source.ts` and `seed/` are the exceptions
 * that assemble the app, and no module imports them). That keeps the dependency graph one-way.
 */
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * The pg pool TypeORM connected (its Postgres driver's `master`), for hot reads. A `dataSource.query()` builds,
 * connects and releases a QueryRunner on every call, which measured about 90 µs of CPU per product list (a sixth
 * of the request); the pool's own `query()` does the same round trip without it. Same connections, same limits.
 * Writes keep TypeORM's transactions (database/transactions.ts).
 */
export function pgPool(dataSource: DataSource): pg.Pool {
  return (dataSource.driver as PostgresDriver).master as pg.Pool;
}

/** SQL formatting a timestamptz column exactly as the wire shows it (`2026-11-21T09:25:45.760Z`). */
export function isoTimestampSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
