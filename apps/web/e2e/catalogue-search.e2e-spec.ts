import type { Category, Product } from '@store/contract';
import type { Browser, Page } from 'playwright-core';
import { call } from './support/api';
import { expectAccessible } from './support/axe';
import { hydrated, openShop, pathOf, screenshot, shopInBrowser, shown } from './support/browser';

/** What the API lists first for a home-page query (the grid's first page is 12 products of the same query). */
async function apiNames(query: string): Promise<{ names: string[]; total: number }> {
  // The home page's default sort (newest first) unless the query names one, as catalogueView does.
  const sorted = query.includes('sortBy=') ? query : `sortBy=createdAt&order=desc${query ? `&${query}` : ''}`;
  const { status, body, headers } = await call<Product[]>('GET', `/products?limit=12&${sorted}`);
  if (status !== 200) throw new Error(`GET /products?${sorted} answered ${status}`);
  return { names: body.map((product) => product.name), total: Number(headers.get('X-Total-Count')) };
}

/** The names on the grid's cards, in order, once they are `expected` (or whatever they are after 15 s, for the failure). */
async function gridNames(page: Page, expected: string[]): Promise<string[]> {
  const read = () => page.getByRole('article').getByRole('heading').allInnerTexts();
  let names = await read();
  for (let waited = 0; JSON.stringify(names) !== JSON.stringify(expected) && waited < 15_000; waited += 200) {
    await page.waitForTimeout(200);
    names = await read();
  }
  return names;
}

const searchParams = async (page: Page): Promise<Record<string, string>> =>
  Object.fromEntries(new URL(await page.evaluate(() => location.href)).searchParams);

/**
 * The home page's search box, category chips and sort select in Chromium against the real store:
 * each narrows the grid to what the API answers for the same query, each is a history entry (Back restores the
 * view before), and the URL alone reproduces a view.
 */
describe('catalogue search and filters', () => {
  const t = shopInBrowser();
  let browser: Browser;
  let page: Page;
  /** A category with some but not all of the products, and a word (3+ letters) of one of its products' names. */
  let category: Category;
  let word: string;

  beforeAll(async () => {
    ({ browser, page } = t);
    const { total } = await apiNames('');
    const categories = (await call<Category[]>('GET', '/categories')).body;
    for (const candidate of categories) {
      const inCategory = await apiNames(`category=${candidate._id}`);
      if (inCategory.total > 1 && inCategory.total < total) {
        category = candidate;
        word = inCategory.names[0].split(' ').reduce((longest, w) => (w.length > longest.length ? w : longest), '');
        break;
      }
    }
    if (!category) throw new Error('The demo catalogue has no category with some but not all products');
  });

  it('narrows the grid to the search, and says so when nothing matches', async () => {
    await page.goto('/');
    const all = await apiNames('');
    expect(await gridNames(page, all.names)).toEqual(all.names);

    // Searched once the app has the form (the filters' code comes after the page's largest photo): before, the form
    // is the server's plain HTML and submits its sort select too (`sort=createdAt.desc`), a view without scripts.
    const search = await hydrated(page.getByRole('searchbox', { name: 'Search t-shirts' }));
    await search.fill('stripe');
    await search.press('Enter');
    const found = await apiNames('q=stripe');
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
    expect(await gridNames(page, found.names)).toEqual(found.names);
    expect(await searchParams(page)).toEqual({ q: 'stripe' });
    await shown(page.getByText(`Showing ${found.names.length} of ${found.total} t-shirts`));
    await screenshot(page, 'home-search');
    await expectAccessible(page, 'home-search');

    await search.fill('zzqqxx');
    await page.getByRole('button', { name: 'Search' }).click();
    await shown(page.getByText('No t-shirts match your search. Try other words or another category.'));
    expect(await page.getByRole('article').count()).toBe(0);

    // Too short for the index: said at once, and the URL (and the grid) stay as they were.
    await search.fill('ab');
    await search.press('Enter');
    await shown(page.getByText('Type a word of at least 3 letters to search.'));
    expect(await searchParams(page)).toEqual({ q: 'zzqqxx' });
  });

  it('filters by a category chip, marking the chip current', async () => {
    await page.goto('/');
    const chips = page.getByRole('navigation', { name: 'Categories' });
    expect(await chips.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('true');
    await chips.getByRole('link', { name: category.name, exact: true }).click();
    const inCategory = await apiNames(`category=${category._id}`);
    expect(await gridNames(page, inCategory.names)).toEqual(inCategory.names);
    expect(await searchParams(page)).toEqual({ category: category._id });
    expect(await chips.getByRole('link', { name: category.name, exact: true }).getAttribute('aria-current')).toBe('true');
    expect(await chips.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBeNull();
  });

  it('restores the previous view on Back, the search box included', async () => {
    await page.goto('/');
    const all = await apiNames('');
    const chips = page.getByRole('navigation', { name: 'Categories' });
    await chips.getByRole('link', { name: category.name, exact: true }).click();
    const inCategory = await apiNames(`category=${category._id}`);
    expect(await gridNames(page, inCategory.names)).toEqual(inCategory.names);

    const search = page.getByRole('searchbox', { name: 'Search t-shirts' });
    await search.fill(word);
    await search.press('Enter');
    const both = await apiNames(`category=${category._id}&q=${encodeURIComponent(word)}`);
    expect(both.total).toBeGreaterThan(0);
    expect(await gridNames(page, both.names)).toEqual(both.names);
    expect(await searchParams(page)).toEqual({ category: category._id, q: word });

    await page.goBack();
    expect(await gridNames(page, inCategory.names)).toEqual(inCategory.names);
    expect(await searchParams(page)).toEqual({ category: category._id });
    expect(await search.inputValue()).toBe('');

    await page.goBack();
    expect(await gridNames(page, all.names)).toEqual(all.names);
    expect(await pathOf(page)).toBe('/');
    expect(await chips.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('true');

    await page.goForward();
    expect(await gridNames(page, inCategory.names)).toEqual(inCategory.names);
  });

  it('reproduces a view from its URL alone: search, category and sort', async () => {
    const query = `q=tee&category=${category._id}&sortBy=price&order=asc`;
    const fresh = await openShop(browser);
    try {
      await fresh.page.goto(`/?${query}`);
      const expected = await apiNames(query);
      expect(await gridNames(fresh.page, expected.names)).toEqual(expected.names);
      expect(await fresh.page.getByRole('searchbox', { name: 'Search t-shirts' }).inputValue()).toBe('tee');
      expect(await fresh.page.getByLabel('Sort by').inputValue()).toBe('price.asc');
      const chip = fresh.page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: category.name, exact: true });
      expect(await chip.getAttribute('aria-current')).toBe('true');

      // The sort select is one more change of the same view, once React has adopted the select (its change is the
      // app's: the page's code comes after its largest photo, and the filters' chunk after that, well after `load`).
      // The network falling quiet is not that: under load it came first once, the change went to the server's plain
      // select, and the grid kept its ascending order.
      await (await hydrated(fresh.page.getByLabel('Sort by'))).selectOption({ label: 'Price: high to low' });
      const descending = await apiNames(`q=tee&category=${category._id}&sortBy=price&order=desc`);
      expect(await gridNames(fresh.page, descending.names)).toEqual(descending.names);
      expect(await searchParams(fresh.page)).toEqual({ q: 'tee', category: category._id, sortBy: 'price', order: 'desc' });
      expect(fresh.pageErrors).toEqual([]);
    } finally {
      await fresh.page.context().close();
    }
  });
});
