import unhomoglyph from 'unhomoglyph';

/**
 * The look-alike rule for people's names, beside the mixed-script one (script-mixing.ts): a name wholly in one script
 * can still imitate another, as an all-Cyrillic "Аdmin" or "Sаm Stаff" does a Latin one, and so can Latin letters
 * alone ("Adrnin"). Two names are confusable when they differ but have the same *skeleton* (Unicode UTS #39,
 * section 4): each character replaced by the prototype it is confused with, from Unicode's confusables.txt, which
 * `unhomoglyph` (nodeca) ships as its table. The server refuses a new name confusable with one it protects: the
 * names of the shop's people and the words of {@link PROTECTED_NAME_WORDS}. The same spelling is not a look-alike:
 * two people may share a name, and the shop shows each one's e-mail address to tell them apart.
 *
 * Its own module, not re-exported from the package's index: the table (about 6,000 characters) is for the API only.
 */

/** Words no one may imitate with other letters, as a whole name: what a customer would pose as to look official. */
export const PROTECTED_NAME_WORDS = ['admin', 'administrator', 'owner', 'staff', 'support', 'shop', 'store', 'security'];

/** NFKC (so a full-width "Ａ" is an "A"), runs of space as one, trimmed. */
const normalised = (value: string): string => value.normalize('NFKC').replace(/\s+/gu, ' ').trim();

/**
 * The UTS #39 skeleton of `value` under one case: NFD, each confusable replaced by its prototype, NFD again. Compared
 * under lower and upper case both, since the table confuses an upper-case Cyrillic "М" with "M" but its lower-case
 * "м" with no Latin letter.
 */
export function skeleton(value: string): string {
  return unhomoglyph(value.normalize('NFD')).normalize('NFD');
}

/** True when `name` and `other` are different names that look the same (their skeletons agree under some case). */
export function confusable(name: string, other: string): boolean {
  const a = normalised(name);
  const b = normalised(other);
  if (a.toLowerCase() === b.toLowerCase()) return false;
  return [a, a.toLowerCase(), a.toUpperCase()].some((form, i) => skeleton(form) === skeleton([b, b.toLowerCase(), b.toUpperCase()][i]));
}

/** The first of `protectedNames` that `name` imitates (confusable with it), or undefined. */
export function imitatedName(name: string, protectedNames: Iterable<string>): string | undefined {
  for (const other of protectedNames) if (confusable(name, other)) return other;
  return undefined;
}

export const LOOK_ALIKE_NAME_MESSAGE =
  'Name must not imitate the name of one of the shop’s people, or an official-looking word, with look-alike letters';
