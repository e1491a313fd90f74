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

/** What each of those three starts with: text without any (nearly every line) is returned after one scan, not three. */
const MAYBE_CREDENTIAL = /[Bb]earer|Basic|eyJ/;

/** Whether a key names a secret, per key name: logged objects repeat a few dozen names, line after line. */
const secretKeys = new Map<string, boolean>();
const SECRET_KEYS_MAX = 1_000;

/** `text` with any bearer/basic credential or JWT replaced. */
export function scrubText(text: string): string {
  if (!MAYBE_CREDENTIAL.test(text)) return text;
  return text.replace(BEARER, `$1 ${REDACTED}`).replace(BASIC, `$1 ${REDACTED}`).replace(JWT, REDACTED);
}

/**
 * A JSON-safe copy of `value` with secret-named keys replaced, text scrubbed, and cycles cut (an object met a
 * second time is `[circular]`). The set of objects met is made only when there is a nested object to meet: most
 * logged values are flat records, once per request.
 */
export function redact(value: unknown, seen?: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (seen?.has(value)) return '[circular]';
  seen?.add(value);
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message) };
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const nested = (item: unknown): WeakSet<object> | undefined => {
    if (item === null || typeof item !== 'object') return seen;
    seen ??= new WeakSet<object>();
    seen.add(value);
    return seen;
  };
  if (Array.isArray(value)) return value.map((item: unknown) => redact(item, nested(item)));
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const item = record[key];
    copy[key] = isSecretKey(key) ? REDACTED : redact(item, nested(item));
  }
  return copy;
}

function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    if (secretKeys.size < SECRET_KEYS_MAX) secretKeys.set(key, secret);
  }
  return secret;
}
