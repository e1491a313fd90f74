import { QueryFailedError } from 'typeorm';

/** Postgres SQLSTATE codes the services translate into named errors. */
export const PgError = {
  UniqueViolation: '23505',
  ForeignKeyViolation: '23503',
  /** Postgres 18 reports an ON DELETE RESTRICT hit with this code rather than 23503. */
  RestrictViolation: '23001',
  CheckViolation: '23514',
} as const;

/**
 * True when `error` is a failed query with the given SQLSTATE (optionally on the given constraint): TypeORM's
 * wrapped error, or node-postgres' own from a statement a repository ran on the pool.
 */
export function isPgError(error: unknown, code: string, constraint?: string): boolean {
  const driverError = (error instanceof QueryFailedError ? error.driverError : error) as
    { code?: unknown; constraint?: unknown; severity?: unknown } | undefined;
  if (!driverError || typeof driverError !== 'object') return false;
  if (!(error instanceof QueryFailedError) && typeof driverError.severity !== 'string') return false;
  return driverError.code === code && (constraint === undefined || driverError.constraint === constraint);
}
