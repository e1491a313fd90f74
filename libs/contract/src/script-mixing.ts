/**
 * The mixed-script rule for people's names (see {@link mixesScripts}). Its own module, reached only through the DTOs'
 * validators (`dto/text-rules.ts`), so its tables stay out of the web app's home bundle.
 */
/**
 * The scripts a letter is told apart by, for {@link mixesScripts}: the ones with letters that look like another
 * script's (Latin, Greek, Cyrillic, Armenian, Cherokee...) and the other major ones. A letter of none of them
 * counts as "another script".
 */
const SCRIPT_NAMES = [
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
];
// Built on first use: the home page's bundle imports this module for the other rules and never runs this one.
let scripts: { name: string; pattern: RegExp }[] | undefined;

/** Scripts written together (Unicode UTS #39's "highly restrictive" sets): Japanese, Chinese with Bopomofo, Korean, each with Latin. */
const WRITTEN_TOGETHER = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** A letter (or a letter's mark) whose script is its own: not Common (digits, punctuation) or Inherited (combining marks). */
const SCRIPT_LETTER = /^(?!\p{Script=Common})(?!\p{Script=Inherited})\p{L}$/u;

/** The scripts of the letters of `value` (see SCRIPT_NAMES). */
export function scriptsOf(value: string): Set<string> {
  scripts ??= SCRIPT_NAMES.map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
  const found = new Set<string>();
  for (const character of value) {
    if (!SCRIPT_LETTER.test(character)) continue;
    found.add(scripts.find((script) => script.pattern.test(character))?.name ?? 'Other');
  }
  return found;
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
  const found = scriptsOf(value);
  if (found.size <= 1) return false;
  return !WRITTEN_TOGETHER.some((together) => [...found].every((script) => together.includes(script)));
}

export const MIXED_SCRIPTS_MESSAGE =
  'Name must not mix letters of different alphabets (such as Latin and Cyrillic): such names can imitate another';
