import { ValidationFailedError } from '../../common/errors.js';
import { decodeCursor, encodeCursor } from '../../common/pagination.js';
import { isCalendarDateTime } from '../../common/sql-values.js';
import { isUuid } from '../../common/uuid-param.decorator.js';

/** Where a page of the audit trail ended: the last entry's time (microseconds kept as text) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

/**
 * The audit listing's `after` cursor, in the shared opaque form of common/pagination.ts (sort key `at`, then the
 * id). `at` is Postgres's own text of the timestamp, so no precision is lost to a JavaScript Date (which keeps
 * milliseconds, while rows differ by microseconds).
 */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return encodeCursor({ key: [cursor.at], id: cursor.id });
}

/** The form the repository writes `at` in: `2026-11-22T19:30:00.123456Z` (UTC, to the microsecond). */
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The cursor in `after`, or a 400 naming the parameter when it is not one this listing wrote: `at` must be in
 * the repository's own form and a real instant, since Postgres casts it to timestamptz (JavaScript's Date.parse
 * takes `1`, `Tue Nov 24 2026` and year 0, which Postgres refuses).
 */
export function decodeAuditCursor(after: string): AuditCursor {
  const cursor = decodeCursor(after);
  const at = cursor?.key.length === 1 ? cursor.key[0] : undefined;
  if (!cursor || !isUuid(cursor.id) || typeof at !== 'string' || !AT.test(at) || !isCalendarDateTime(at)) {
    throw new ValidationFailedError('after is not a cursor from this listing', [{ field: 'after', message: 'is not a valid cursor' }]);
  }
  return { at, id: cursor.id };
}
