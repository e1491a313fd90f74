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

/**
 * The scripts a letter is told apart by, for {@link mixesScripts}: the ones with letters that look like another
 * script's (Latin, Greek, Cyrillic, Armenian, Cherokee...) and the other major ones. A letter of none of them
 * counts as "another script".
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Coptic',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Mongolian',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));

/** Scripts written together (Unicode UTS #39's "highly restrictive" sets): Japanese, Chinese with Bopomofo, Korean, each with Latin. */
const WRITTEN_TOGETHER = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** A letter (or a letter's mark) whose script is its own: not Common (digits, punctuation) or Inherited (combining marks). */
const SCRIPT_LETTER = /^(?!\p{Script=Common})(?!\p{Script=Inherited})\p{L}$/u;

/** The scripts of the letters of `value` (see {@link SCRIPTS}). */
export function scriptsOf(value: string): Set<string> {
  const scripts = new Set<string>();
  for (const character of value) {
    if (!SCRIPT_LETTER.test(character)) continue;
    scripts.add(SCRIPTS.find((script) => script.pattern.test(character))?.name ?? 'Other');
  }
  return scripts;
}

/**
 * True when `value`'s letters come from scripts not written together, such as a Cyrillic "а" (U+0430) among Latin
 * letters: "Аdmin" looks like "Admin" but is another name, and would let someone pass for the shop's admin in the
 * audit trail or an order's history. The rule is UTS #39's "highly restrictive" level: one script, or Latin with
 * Han and Japanese kana, with Han and Bopomofo, or with Han and Hangul. Digits, punctuation and spaces (the Common
 * script) and combining marks (Inherited) go with any. A name wholly in one script that happens to look like a
 * Latin word is not caught by this rule.
 */
export function mixesScripts(value: string): boolean {
  const scripts = scriptsOf(value);
  if (scripts.size <= 1) return false;
  return !WRITTEN_TOGETHER.some((together) => [...scripts].every((script) => together.has(script)));
}

export const MIXED_SCRIPTS_MESSAGE =
  'Name must not mix letters of different alphabets (such as Latin and Cyrillic): such names can imitate another';
