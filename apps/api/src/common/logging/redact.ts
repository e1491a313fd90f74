/**
 * What must never reach a log line, whoever logs it: credentials, tokens and card data.
 * Keys are matched by name anywhere in a logged object; text is scrubbed of bearer tokens and JWTs.
 */
const SECRET_KEY = /authorization|cookie|passw|secret|token|nonce|card|cvv|credential|api[-_]?key|private[-_]?key/i;
// A credential after the scheme holds a digit, a capital or punctuation, so prose ("the bearer of the card",
// "Basic information") stays as it is.
const BEARER = /\b([Bb]earer)\s+(?=[\w.~+/-]*[0-9A-Z.~+/-])[\w.~+/-]+=*/g;
const BASIC = /\b(Basic)\s+(?=[A-Za-z0-9+/]*[0-9A-Z+/])[A-Za-z0-9+/]{8,}={0,2}/g;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

export const REDACTED = '[redacted]';

/** `text` with any bearer/basic credential or JWT replaced. */
export function scrubText(text: string): string {
  return text.replace(BEARER, `$1 ${REDACTED}`).replace(BASIC, `$1 ${REDACTED}`).replace(JWT, REDACTED);
}

/** A JSON-safe copy of `value` with secret-named keys replaced, text scrubbed, and cycles cut. */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message) };
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEY.test(key) ? REDACTED : redact(item, seen);
  }
  return copy;
}
