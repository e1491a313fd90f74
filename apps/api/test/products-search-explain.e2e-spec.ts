import { PRODUCT_SORT_FIELDS } from '@store/contract';
import pg from 'pg';
import { DEMO_PRODUCTS } from '../src/database/seed/demo-seed.js';
import { parseProductListQuery } from '../src/modules/catalogue/dto/product-list-query.js';
import { ProductsRepository, SEARCH_COUNT_CAP, productCountSql, productPageSql } from '../src/modules/catalogue/products.repository.js';
import { explainPlan, type PlanNode } from './support/query-plans.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** The demo catalogue, many times over: its names and descriptions, numbered, in 8 categories. */
const PRODUCTS = 20_000;
const CATEGORIES = 8;
/** Descriptions of about 1 KB (the demo's, repeated): a size where reading the whole table costs what it does in a shop. */
const DESCRIPTION_CHARS = 1000;
/** One product in this many is a "Café" tee: a word a shopper searches for, rare enough to need the index. */
const CAFE_EVERY = 397;
/** The Café tees' numbers, and how many of them each category has (category = n % CATEGORIES). */
const CAFES = Array.from({ length: Math.floor(PRODUCTS / CAFE_EVERY) }, (_, i) => (i + 1) * CAFE_EVERY);
const cafesIn = (category: number) => CAFES.filter((n) => n % CATEGORIES === category).length;

/**
 * A search reads the trigram index `products_search_idx` on the stored `search_text`, never the whole table and
 * never recomputing a row's text: on 20,000 products (the demo catalogue's texts repeated, descriptions of 1 KB), a search for a word few products have, alone, with the category filter, under
 * every sort and with keyset paging, and its count, each plan scans that index and has no Seq Scan on products.
 * Postgres plans with the real pattern here as it does for the API (pg's unnamed statements get custom plans).
 */
describe('product search plans (e2e, EXPLAIN)', () => {
  let t: TestApp;
  let categoryIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const categories = (await t.dataSource.query(
      `INSERT INTO categories (name) SELECT 'Search ' || n FROM generate_series(1, ${CATEGORIES}) n RETURNING id`,
    )) as { id: string }[];
    categoryIds = categories.map((c) => c.id);
    // Apart from the app's pool and its 5 s statement timeout: each row also goes into the trigram index (about
    // 0.1-0.3 ms a row on this 2-core machine), which 20,000 rows in one statement can take longer than.
    const seed = new pg.Client({ connectionString: t.db.url });
    await seed.connect();
    try {
      await seed.query(
        `INSERT INTO products (name, description, price_cents, stock, sold, category_id, created_at)
         SELECT CASE WHEN n % ${CAFE_EVERY} = 0 THEN 'Café Crème Tee ' || n ELSE left(($1::text[])[1 + n % $3] || ' ' || n, 32) END,
                left(repeat(($2::text[])[1 + n % $3] || ' ', 16), ${DESCRIPTION_CHARS}), (n * 7919) % 10000, 10, (n * 31) % 500, ($4::uuid[])[1 + n % ${CATEGORIES}],
                now() - (n || ' minutes')::interval
         FROM generate_series(1, ${PRODUCTS}) n`,
        [DEMO_PRODUCTS.map((p) => p.name), DEMO_PRODUCTS.map((p) => p.description), DEMO_PRODUCTS.length, categoryIds],
      );
    } finally {
      await seed.end();
    }
    await t.dataSource.query('ANALYZE products');
  }, 120_000);
  afterAll(() => t.close());

  const plan = (text: string, values: unknown[]) => explainPlan(t.dataSource, text, values);

  function expectSearchIndex({ summary, nodes: all }: { summary: string; nodes: PlanNode[] }): void {
    expect({ summary, seqScans: all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'products').length }).toEqual({
      summary,
      seqScans: 0,
    });
    expect({ summary, searchIndex: all.some((n) => n['Index Name'] === 'products_search_idx') }).toEqual({ summary, searchIndex: true });
    // The rows' text is read from the stored column, never recomputed (unaccent per row and per word).
    const conditions = all
      .flatMap((n) => [n.Filter, n['Recheck Cond'], n['Index Cond']])
      .filter(Boolean)
      .join(' ');
    expect({ summary, recomputed: /product_search_text\(\(?name/.test(conditions) }).toEqual({ summary, recomputed: false });
  }

  it('finds what it should: every Café tee for "cafe", and no other', async () => {
    const page = await t.app.get(ProductsRepository).page(parseProductListQuery({ q: 'cafe', limit: '100' }));
    expect(page.products).toHaveLength(CAFES.length);
    expect(page.products.every((p) => p.name.startsWith('Café Crème Tee'))).toBe(true);
  });

  const cases = PRODUCT_SORT_FIELDS.flatMap((sortBy) =>
    [false, true].flatMap((filtered) => (['offset', 'keyset'] as const).map((paging) => [sortBy, filtered, paging] as const)),
  );

  it.each(cases)('q=cafe sortBy=%s category=%s %s page: the search index, no Seq Scan', async (sortBy, filtered, paging) => {
    // Ascending, so that a keyset page has most of the catalogue after its cursor (café sorts early by name):
    // when the rest of a listing is short (its last pages), Postgres may rightly read that short range of the
    // sort's own index instead, which is bounded all the same.
    const query: Record<string, string> = { q: 'CAFÉ', sortBy, order: 'asc', limit: '3' };
    if (filtered) query.category = categoryIds[0];
    let params = parseProductListQuery(query);
    if (paging === 'keyset') {
      // A real cursor: the one the first page's last row gives.
      const first = await t.app.get(ProductsRepository).page(params);
      expect(first.next).toBeDefined();
      params = { ...params, after: first.next };
    }
    const { text, values } = productPageSql(params);
    expectSearchIndex(await plan(text, values));
  });

  it('a search page with its total counted in the same statement reads the index in both', async () => {
    const params = parseProductListQuery({ q: 'CAFÉ' });
    const { text, values } = productPageSql(params, { counted: true });
    expectSearchIndex(await plan(text, values));
    const { page, counted } = await t.app.get(ProductsRepository).searchPage(params);
    expect({ products: page.products.length, counted }).toEqual({ products: Math.min(CAFES.length, params.limit), counted: CAFES.length });
  });

  it('a search of several words (one of them short) still reads the index', async () => {
    const { text, values } = productPageSql(parseProductListQuery({ q: 'crème tee 40' }));
    expectSearchIndex(await plan(text, values));
  });

  it.each([false, true])('the total of a search (category=%s) is counted from the index too', async (filtered) => {
    const filter = { categoryId: filtered ? categoryIds[0] : undefined, q: 'cafe' };
    await expect(t.app.get(ProductsRepository).count(filter.categoryId, filter.q)).resolves.toBe(filtered ? cafesIn(0) : CAFES.length);
    const { text, values } = productCountSql(filter);
    expectSearchIndex(await plan(text, values));
  });

  it('the total of a search most products match stops at the cap along an index: no Seq Scan, no Sort', async () => {
    const filter = { categoryId: undefined, q: 'tee' };
    await expect(t.app.get(ProductsRepository).count(filter.categoryId, filter.q)).resolves.toBe(SEARCH_COUNT_CAP + 1);
    const { text, values } = productCountSql(filter);
    const { summary, nodes } = await plan(text, values);
    expect({ summary, scans: nodes.filter((n) => n['Node Type'] === 'Seq Scan' || n['Node Type'] === 'Sort').length }).toEqual({
      summary,
      scans: 0,
    });
  });
});
