/**
 * Checks a value against the Postgres type it will be compared with, before it reaches SQL. A cursor is opaque
 * but only base64url JSON, and a date filter is free text: a value the column's type cannot hold (2147483648 for
 * an integer, `2026-13-45` or year 0 for a timestamp) makes the statement fail, which would be a 500 instead of
 * a 400 naming the parameter.
 */

/** The range of Postgres's `integer` (int4). */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** True when `value` is a whole number an `integer` column can hold, within [min, max] when narrower. */
export function isInt4(value: unknown, min = INT4_MIN, max = INT4_MAX): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= Math.max(min, INT4_MIN) && value <= Math.min(max, INT4_MAX);
}

/** The leading `YYYY-MM-DD`, optionally followed by ` HH:MM:SS` or `THH:MM:SS`. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/;

/**
 * True when `text` starts with a real calendar date (and time of day, when one follows) in years 1 to 9999:
 * the month has that day, the hour is below 24, minutes and seconds below 60. Postgres has no year 0 and refuses
 * `2026-02-30`, where JavaScript's Date quietly rolls over to March. The caller checks the text's exact form.
 */
export function isCalendarDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}
