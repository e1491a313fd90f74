import type { EntityManager, QueryResult } from 'typeorm';

/**
 * The rows a statement returned, inside the manager's transaction: a SELECT, or an INSERT, UPDATE or DELETE
 * with RETURNING (TypeORM's plain `query()` shapes the results of writes differently from those of reads).
 */
export async function queryRows<T>(manager: EntityManager, sql: string, parameters: unknown[] = []): Promise<T[]> {
  if (!manager.queryRunner) throw new Error('queryRows runs inside a transaction (an EntityManager with a query runner)');
  const result = (await manager.queryRunner.query(sql, parameters, true)) as QueryResult<T>;
  return result.records;
}
