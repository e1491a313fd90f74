import purgeCSSPlugin, { type RawContent, type UserDefinedSafelist } from '@fullhuman/postcss-purgecss';

/**
 * What is on screen without the source naming it. Classes built at run time from a fixed part, `alert-${variant}`
 * (a new class template in a component needs its pattern here); and markup other scripts make, Braintree's card
 * form above all: its iframes (reboot's `iframe { border: 0 }`) and elements hidden with the `hidden` attribute.
 */
export const SAFELIST: UserDefinedSafelist = { standard: [/^alert-/, 'iframe', 'hidden'] };

/**
 * PurgeCSS for the production build: removes every rule whose selectors need a class, element or attribute that
 * the app's source (`content`: src/ and index.html) never names. Bootstrap compiled from the partials the store
 * needs is still 170 kB of CSS, most of it grid columns, responsive utilities and component variants no screen
 * shows; a phone parses all of it before the first paint and matches against it on every style recalculation.
 * PurgeCSS reads `:not(.x)` as not needing `.x` (Bootstrap's input-group corners), and keeps keyframes, font faces
 * and custom properties. It runs before Vite hashes the file, so the file name follows what is kept.
 */
export function purgeUnusedCss(content: Array<string | RawContent>) {
  return purgeCSSPlugin({ content, safelist: SAFELIST, skippedContentGlobs: ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**'] });
}
