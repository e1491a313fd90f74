import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Container, Plugin, Root, Rule } from 'postcss';

/** What may be a class name in source: `card-img-top`, and `alert-` from a template like `alert-${variant}`. */
const TOKEN = /[A-Za-z0-9_-]+/g;
/** The class names a selector needs (`.btn-check:checked + .btn` needs `btn-check` and `btn`). */
const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;
/**
 * The arguments of `:not()`, `:is()`, `:where()` and `:has()`: a class named there is not one the element must
 * have (`:not(.dropdown-toggle)` matches all the more when no element has it), so it cannot make a rule unused.
 */
const FUNCTIONAL_PSEUDO = /:(?:not|is|where|has)\([^()]*\)/g;
const SOURCE = /\.(tsx?|html)$/;

export interface UsedWords {
  words: Set<string>;
  /** Words ending in '-': the fixed part of a class built at run time (`alert-${variant}`). */
  prefixes: string[];
}

/** Every word of the given texts: a class the app can put in the DOM appears there, whole or as a prefix. */
export function usedWords(texts: Iterable<string>): UsedWords {
  const words = new Set<string>();
  for (const text of texts) for (const [word] of text.matchAll(TOKEN)) words.add(word);
  return { words, prefixes: [...words].filter((word) => word.endsWith('-') && word.length > 2) };
}

/** Drops from `root` the rules whose every selector needs a class never used, then the blocks left empty. */
export function dropUnusedRules(root: Root, used: UsedWords): void {
  const isUsed = (name: string) => used.words.has(name) || used.prefixes.some((prefix) => name.startsWith(prefix));
  root.walkRules((rule: Rule) => {
    // Keyframe steps (`from`, `50%`) are not selectors.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter((selector) =>
      [...selector.replace(FUNCTIONAL_PSEUDO, '').matchAll(CLASS)].every(([, name]) => isUsed(name)),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  const dropEmpty = (container: Container) =>
    container.each((node) => {
      if (node.type !== 'atrule' || !node.nodes) return;
      dropEmpty(node);
      if (node.nodes.length === 0) node.remove();
    });
  dropEmpty(root);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * A PostCSS step for the production build: removes every rule for classes the app's source never names.
 * Bootstrap compiled from the partials the store needs is still 170 kB of CSS, most of it grid columns,
 * responsive utilities and component variants no screen shows; a phone parses all of it before the first paint
 * and matches against it on every style recalculation. The app's source (`roots`: src/ and index.html) lists
 * every class that can be on screen; a class made at run time from a fixed prefix (`alert-${variant}`) keeps every
 * class with that prefix. It runs before Vite hashes the file, so the file name follows what is kept.
 */
export function dropUnusedCss(roots: string[]): Plugin {
  let used: UsedWords | undefined;
  return {
    postcssPlugin: 'store-unused-css',
    OnceExit(root) {
      used ??= usedWords(roots.flatMap((r) => (SOURCE.test(r) ? [r] : sourceFiles(r))).map((file) => readFileSync(file, 'utf8')));
      dropUnusedRules(root, used);
    },
  };
}
