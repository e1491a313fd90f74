import { ValidationFailedError } from '../../common/errors.js';
import { isUuid } from '../../common/uuid-param.decorator.js';

/** Where a page of the audit trail ended: the last entry's time (microseconds kept as text) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

/**
 * The opaque `after` cursor of the audit listing: base64url of `at|id`. One small function pair until the
 * shared common/pagination.ts helper lands; `at` is Postgres's own text of the timestamp, so no precision is
 * lost to a JavaScript Date (which keeps milliseconds, while rows differ by microseconds).
 */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor in `after`, or a 400 naming the parameter when it is not one this API wrote. */
export function decodeAuditCursor(after: string): AuditCursor {
  const [at, id, extra] = Buffer.from(after, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !id || !isUuid(id) || !at || Number.isNaN(Date.parse(at))) {
    throw new ValidationFailedError('after is not a cursor from this listing', [{ field: 'after', message: 'is not a valid cursor' }]);
  }
  return { at, id };
}
