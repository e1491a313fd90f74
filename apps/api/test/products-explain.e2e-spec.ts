import { PRODUCT_SORT_FIELDS, PRODUCT_SORT_ORDERS } from '@store/contract';
import pg from 'pg';
import type { ProductListParams } from '../src/modules/catalogue/dto/product-list-query.js';
import { ProductsRepository, productPageSql } from '../src/modules/catalogue/products.repository.js';
import { explainPlan } from './support/query-plans.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PRODUCTS = 20_000;
const CATEGORIES = 8;

/**
 * Every listing the API can run walks an index to its LIMIT: for each sort, order, with and without the category
 * filter, the first page (offset) and a keyset page (after), on 20,000 products, the plan has no Sort node and no
 * Seq Scan on products. A plan that sorts or scans the table costs in proportion to the catalogue.
 */
describe('product listing plans (e2e, EXPLAIN)', () => {
  let t: TestApp;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const categories = (await t.dataSource.query(
      `INSERT INTO categories (name) SELECT 'Explain ' || n FROM generate_series(1, ${CATEGORIES}) n RETURNING id`,
    )) as { id: string }[];
    categoryId = categories[3].id;
    // Names, prices and sales spread (and repeated, so ties need the id); created_at spread over a year. Apart
    // from the app's pool and its 5 s statement timeout: each row's search text is computed and indexed too, which
    // 20,000 rows in one statement can take longer than on a busy machine.
    const seed = new pg.Client({ connectionString: t.db.url });
    await seed.connect();
    try {
      await seed.query(
        `INSERT INTO products (name, description, price_cents, stock, sold, category_id, created_at)
         SELECT 'Tee ' || (n % 5000), 'A tee', (n * 7919) % 10000, 10, (n * 31) % 500, ($1::uuid[])[1 + n % ${CATEGORIES}],
                now() - (n || ' minutes')::interval
         FROM generate_series(1, ${PRODUCTS}) n`,
        [categories.map((c) => c.id)],
      );
    } finally {
      await seed.end();
    }
    await t.dataSource.query('ANALYZE products');
  }, 60_000);
  afterAll(() => t.close());

  const cases = PRODUCT_SORT_FIELDS.flatMap((sortBy) =>
    PRODUCT_SORT_ORDERS.flatMap((order) =>
      [false, true].flatMap((filtered) => (['offset', 'keyset'] as const).map((paging) => [sortBy, order, filtered, paging] as const)),
    ),
  );

  it.each(cases)('sortBy=%s order=%s category=%s %s page: an index, no Sort, no Seq Scan', async (sortBy, order, filtered, paging) => {
    const first: ProductListParams = {
      limit: 100,
      offset: 0,
      after: undefined,
      sortBy,
      order,
      categoryId: filtered ? categoryId : undefined,
      q: undefined,
    };
    let params = first;
    if (paging === 'keyset') {
      // A real cursor: the one the first page's last row gives, two pages deep.
      const page1 = await t.app.get(ProductsRepository).page(first);
      const page2 = await t.app.get(ProductsRepository).page({ ...first, after: page1.next });
      expect(page2.products).toHaveLength(100);
      params = { ...first, after: page2.next };
    }
    const { text, values } = productPageSql(params);
    const { summary, nodes: plan } = await explainPlan(t.dataSource, text, values);
    expect({ summary, sorts: plan.filter((n) => /Sort/.test(n['Node Type'])).length }).toEqual({ summary, sorts: 0 });
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'products')).toEqual([]);
    expect(plan.some((n) => /Index/.test(n['Node Type']) && n['Relation Name'] === 'products')).toBe(true);
  });
});
