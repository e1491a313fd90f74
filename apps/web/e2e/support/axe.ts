import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Impacts that fail a browser test; minor and moderate findings are printed but do not fail. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** WCAG 2.x A and AA rules plus axe's best practices (landmarks, headings, ...). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page as it is now and throws, listing each rule and the elements it flagged, when anything
 * serious or critical is found. Braintree's Drop-in (hosted card fields, stubbed in these tests) is not ours
 * to fix, so its iframes are left out.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Let lazy pages and images settle so axe sees the finished page, not a spinner.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // And let CSS transitions end (a button fading from its busy colours), so contrast is judged on the final colours.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 2000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(TAGS).exclude('iframe[name^="braintree"]').analyze();
  const describe = (v: (typeof results.violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`;
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !FAILING_IMPACTS.has(v.impact ?? ''));
  if (other.length) console.log(`axe on ${name} (${page.url()}), not failing:\n${other.map(describe).join('\n')}`);
  if (failing.length) {
    throw new Error(
      `axe on ${name} (${page.url()}): ${failing.length} serious or critical violation(s)\n${failing.map(describe).join('\n')}`,
    );
  }
}
