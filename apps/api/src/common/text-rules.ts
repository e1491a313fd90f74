/**
 * The server's side of the one text rule. The rule itself (control characters, a visible character) and its
 * class-validator decorators live in the contract, shared with the web's forms; this adds what only the server
 * checks: text that can never be stored, anywhere in a body or query, before any DTO sees it.
 */
import { hasLoneSurrogate } from '@store/contract';

export { hasControlCharacters, hasVisibleCharacter } from '@store/contract';

/**
 * True when a string anywhere inside `value` (an object, array or string) can never be stored: NUL or a lone
 * surrogate. Used on every body and query before validation, so no module can pass one on to Postgres.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') || hasLoneSurrogate(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = findUnstorableText(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}
