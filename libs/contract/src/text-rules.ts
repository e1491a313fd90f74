/**
 * The one text rule for every field and query value: no NUL or other control characters (they reach Postgres as
 * a 500, or logs and terminals as escape sequences), and names must show something. Plain functions, so the
 * DTOs' decorators (`dto/text-rules.ts`), the API's raw query guard and its hand parsers share them.
 */

/** C0 controls and DEL and C1 controls, newline/tab included: for single-line text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but \n, \r and \t allowed: for text that may span lines (descriptions). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag on purpose). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Characters that show nothing: whitespace, zero-width and other format characters (Cf), combining-only marks. */
const INVISIBLE = /[\s\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]|\u034f/gu;

/** True when `value` holds a lone surrogate: not valid Unicode, it cannot be stored as UTF-8 (it would come back as U+FFFD). */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * True when `value` holds a control character (`multiline` allows \n, \r and \t) or a lone surrogate
 * (not valid Unicode: it cannot be stored as UTF-8 and would come back as U+FFFD).
 */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_NEWLINES : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/** True when `value` has at least one character that is not whitespace, zero-width or a format character. */
export function hasVisibleCharacter(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

/**
 * Bidirectional controls (embeddings, overrides, isolates, LRM/RLM, ALM): a name holding one can show its letters
 * in another order than they are stored ("Trojan Source"), so an admin would read one name and act on another.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/** True when `value` holds a bidirectional control character (U+202A-202E, U+2066-2069, U+200E/200F, U+061C). */
export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROL.test(value);
}
