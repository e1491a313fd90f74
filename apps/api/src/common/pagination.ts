import { type FieldError, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@store/contract';
import type { Response } from 'express';

/**
 * The one server paging helper: `limit` + `offset`, or `limit` + an opaque keyset cursor `after`, and the
 * response headers that go with a page (`X-Total-Count`, `X-Next-Cursor`). Products use it; any other list
 * (orders) uses it the same way. Generic: a cursor is the sort key values of the last row of a page and its id,
 * so "the next page" is `WHERE (sort keys, id) > (cursor)` along an index, as cheap at page 500 as at page 1.
 */

/** Where the next page starts: the sort key values of the last row served, and its id (the tie-breaker). */
export interface Cursor {
  key: readonly (string | number)[];
  id: string;
}

/** A checked page request. `after` and a non-zero `offset` are never both set. */
export interface PageParams {
  limit: number;
  offset: number;
  after: Cursor | undefined;
}

export interface PagingLimits {
  defaultLimit: number;
  maxLimit: number;
}

const WHOLE = /^\d{1,9}$/;
const OFFSET_MAX = 999_999_999;
/** A cursor is a few sort values and an id; anything much longer is not one of ours. */
const CURSOR_MAX_CHARS = 512;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The query parameters this helper reads; a caller adds its own (sort, filters) to its list of known ones. */
export const PAGE_QUERY_KEYS = ['limit', 'offset', 'after'] as const;

/**
 * Reads `limit`, `offset` and `after` from a query string, pushing each problem onto `errors` (so the caller
 * reports every bad parameter of the request at once) and returning defaults in their place.
 */
export function parsePageQuery(query: Record<string, unknown>, limits: PagingLimits, errors: FieldError[]): PageParams {
  const text = (key: string): string | undefined => {
    const value = query[key];
    if (value === undefined || typeof value === 'string') return value;
    errors.push({ field: key, message: `${key} must be given once` });
    return undefined;
  };
  const whole = (key: string, min: number, max: number, fallback: number): number => {
    const raw = text(key);
    if (raw === undefined) return fallback;
    const value = WHOLE.test(raw) ? Number(raw) : NaN;
    if (value >= min && value <= max) return value;
    errors.push({ field: key, message: `${key} must be a whole number from ${min} to ${max}` });
    return fallback;
  };
  const limit = whole('limit', 1, limits.maxLimit, limits.defaultLimit);
  const offset = whole('offset', 0, OFFSET_MAX, 0);
  const rawAfter = text('after');
  let after: Cursor | undefined;
  if (rawAfter !== undefined) {
    after = decodeCursor(rawAfter);
    if (!after) errors.push({ field: 'after', message: 'after must be a cursor this API returned in X-Next-Cursor, unchanged' });
    else if (offset !== 0) errors.push({ field: 'offset', message: 'offset cannot be combined with after; use one or the other' });
  }
  return { limit, offset, after };
}

/** The opaque form of a cursor: base64url of a small JSON array `[id, ...key]`. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.id, ...cursor.key])).toString('base64url');
}

/** A cursor from its opaque form, or undefined for anything that is not one (never throws: input is hostile). */
export function decodeCursor(raw: string): Cursor | undefined {
  if (raw.length === 0 || raw.length > CURSOR_MAX_CHARS || !BASE64URL.test(raw)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || typeof parsed[0] !== 'string') return undefined;
  const key = parsed.slice(1) as unknown[];
  if (!key.every((value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) return undefined;
  return { id: parsed[0], key: key as (string | number)[] };
}

/**
 * Sets the paging headers of a list response: the total of the whole listing and, when a full page was served
 * (there may be more), the cursor of the page after it.
 */
export function setPageHeaders(response: Response, total: number, nextCursor: string | undefined): void {
  response.setHeader(TOTAL_COUNT_HEADER, total);
  if (nextCursor !== undefined) response.setHeader(NEXT_CURSOR_HEADER, nextCursor);
}
