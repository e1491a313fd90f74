/**
 * The one text rule for every field and query value: no NUL or other control characters (they reach
 * Postgres as a 500, or logs and terminals as escape sequences), and names must show something.
 * Exported for every module's DTOs (class-validator decorators below) and for the raw query/path guard.
 */
import { registerDecorator, type ValidationOptions } from 'class-validator';

/** C0 controls and DEL and C1 controls, newline/tab included: for single-line text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but \n, \r and \t allowed: for text that may span lines (descriptions). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag on purpose). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Bidirectional controls (embeddings, overrides, isolates, LRM/RLM, ALM): a name holding one can show its letters
 * in another order than they are stored ("Trojan Source"), so an admin would read one name and act on another.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
/** Characters that show nothing: whitespace, zero-width and other format characters (Cf), combining-only marks. */
const INVISIBLE = /[\s\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]|\u034f/gu;

/**
 * True when `value` holds a control character (`multiline` allows \n, \r and \t) or a lone surrogate
 * (not valid Unicode: it cannot be stored as UTF-8 and would come back as U+FFFD).
 */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_NEWLINES : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/**
 * True when a string anywhere inside `value` (an object, array or string) can never be stored: NUL or a lone
 * surrogate. Used on every body and query before validation, so no module can pass one on to Postgres.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = findUnstorableText(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** True when `value` holds a bidirectional control character (U+202A-202E, U+2066-2069, U+200E/200F, U+061C). */
export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROL.test(value);
}

/** True when `value` has at least one character that is not whitespace, zero-width or a format character. */
export function hasVisibleCharacter(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

/** Validator: a string without control characters (`multiline` allows \n, \r and \t). Non-strings pass (IsString says so). */
export function NoControlCharacters(options: ValidationOptions & { multiline?: boolean } = {}): PropertyDecorator {
  const { multiline = false, ...validationOptions } = options;
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'noControlCharacters',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must not contain control or invalid characters`, ...validationOptions },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasControlCharacters(value, multiline) },
    });
}

/** Validator: a string with at least one visible character (a name of only zero-width characters is refused). */
export function HasVisibleCharacter(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'hasVisibleCharacter',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must contain a visible character`, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || hasVisibleCharacter(value) },
    });
}

/** Validator: a name without bidirectional control characters (see {@link hasBidiControls}). Non-strings pass. */
export function NoBidiControls(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'noBidiControls',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must not contain characters that change the text direction`, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasBidiControls(value) },
    });
}
