import { QueryFailedError } from 'typeorm';

/** Postgres SQLSTATE codes the services translate into named errors. */
export const PgError = {
  UniqueViolation: '23505',
  ForeignKeyViolation: '23503',
  /** Postgres 18 reports an ON DELETE RESTRICT hit with this code rather than 23503. */
  RestrictViolation: '23001',
  CheckViolation: '23514',
} as const;

/** True when `error` is a failed query with the given SQLSTATE (optionally on the given constraint). */
export function isPgError(error: unknown, code: string, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === code && (constraint === undefined || driverError.constraint === constraint);
}
