import { ApiRoute, PRODUCT_SEARCH_COUNT_CAP, type Product, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@store/contract';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { ProductSearchColumn1763700046000 } from '../src/database/migrations/1763700046000-product-search-column.js';
import { pgPool } from '../src/database/pg.js';
import { Database, Transactions } from '../src/database/transactions.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { inMigrationTransaction } from './support/test-database.js';

/** Products seeded, each with a description of about 1 KB of words drawn from VOCABULARY. */
const PRODUCTS = 8000;
const VOCABULARY = (
  'soft cotton crew neck tee with printed motif organic heavy light summer winter vintage washed black white navy ' +
  'olive sand grey red blue green yellow orange purple pink stripe floral graphic logo pocket raglan sleeve long short ' +
  'relaxed slim fitted boxy oversized cropped pique jersey slub ringspun combed brushed garment dyed pigment faded ' +
  'mountain ocean sunset forest city desert river lake island valley coffee bicycle guitar camera rocket planet star ' +
  'moon cloud rain thunder wave anchor compass lighthouse tiger eagle wolf bear fox owl whale shark octopus cactus ' +
  'palm pine maple lemon cherry peach mango avocado pretzel pizza taco noodle dumpling bagel waffle donut cookie'
).split(' ');
const CONCURRENT_SEARCHES = 50;
const ROUNDS = 3;

/**
 * Searches cannot starve the store: on a catalogue of 1 KB descriptions, 50 distinct eight-word searches at once,
 * three times over, while the readiness probe and other database-backed routes are called throughout. Every search
 * is answered 200 or, past the per-process cap, 503 with Retry-After (never a 500 or a hang), the readiness probe
 * stays 200 and the other routes never answer 503. No time is measured (the machine is shared): what is asserted
 * is who gets an answer and which.
 */
describe('search under load (e2e)', () => {
  let t: TestApp;
  let base: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    const [category] = (await t.dataSource.query(`INSERT INTO categories (name) VALUES ('Load') RETURNING id`)) as { id: string }[];
    // Apart from the app's pool and its statement timeout: every row also goes into the trigram index.
    const seed = new pg.Client({ connectionString: t.db.url });
    await seed.connect();
    try {
      await seed.query(
        `INSERT INTO products (name, description, price_cents, stock, category_id, created_at)
         SELECT 'Load Tee ' || n,
                left((SELECT string_agg(($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int], ' ')
                        FROM generate_series(1, 200) w WHERE n > 0), 1000),
                100 + n % 5000, 10, $2, now() - (n || ' seconds')::interval
         FROM generate_series(1, ${PRODUCTS}) n`,
        [VOCABULARY, category.id],
      );
    } finally {
      await seed.end();
    }
    await t.dataSource.query('ANALYZE products');
    [{ id: productId }] = (await t.dataSource.query(`SELECT id FROM products LIMIT 1`)) as { id: string }[];
  }, 180_000);
  afterAll(() => t?.close());

  const eightWords = () => Array.from({ length: 8 }, () => VOCABULARY[Math.floor(Math.random() * VOCABULARY.length)]).join(' ');
  const get = (path: string) => fetch(base + path);

  it('answers every search 200 or 503 with Retry-After while health stays 200 and other routes never 503', async () => {
    const searches: Array<{ status: number; retryAfter: string | null; products?: Product[]; q: string }> = [];
    const others: Array<{ path: string; status: number }> = [];
    let searching = true;
    // The other routes, called one after another all the while: readiness, a product (not cached), the categories.
    const probing = (async () => {
      const paths = [`/api${ApiRoute.health}`, `/api/product/${productId}`, `/api${ApiRoute.categories}`];
      while (searching) {
        for (const path of paths) others.push({ path, status: (await get(path)).status });
      }
    })();
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all(
        Array.from({ length: CONCURRENT_SEARCHES }, async () => {
          const q = eightWords();
          const response = await get(`/api/products?q=${encodeURIComponent(q)}&limit=12`);
          searches.push({
            q,
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            products: response.status === 200 ? ((await response.json()) as Product[]) : (await response.text(), undefined),
          });
        }),
      );
    }
    searching = false;
    await probing;

    // Readiness and the other routes answered 200 throughout.
    expect(others.length).toBeGreaterThanOrEqual(3);
    expect(others.filter((o) => o.status !== 200)).toEqual([]);
    expect(searches).toHaveLength(CONCURRENT_SEARCHES * ROUNDS);
    expect(searches.filter((s) => s.status !== 200 && !(s.status === 503 && s.retryAfter === '1'))).toEqual([]);
    // The cap turned the surplus away; what it let through found products holding every word.
    expect(searches.some((s) => s.status === 503)).toBe(true);
    const answered = searches.filter((s) => s.status === 200);
    expect(answered.length).toBeGreaterThan(0);
    for (const { q, products } of answered) {
      for (const product of products!) {
        const text = `${product.name} ${product.description}`.toLowerCase();
        expect({ q, missing: q.split(' ').filter((word) => !text.includes(word)) }).toEqual({ q, missing: [] });
      }
    }
  }, 120_000);

  it('answers readiness 200 while every connection of the pool is busy', async () => {
    const pool = pgPool(t.dataSource);
    const busy = Array.from({ length: t.config.db.poolMax }, () => pool.query('SELECT pg_sleep(2)'));
    try {
      const response = await get(`/api${ApiRoute.health}`);
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { status: 'ok', db: 'up' } });
    } finally {
      await Promise.all(busy);
    }
  });

  it('counts a search up to PRODUCT_SEARCH_COUNT_CAP matches and says the total stopped there', async () => {
    const common = await get(`/api/products?q=${encodeURIComponent('load tee')}&limit=5`);
    expect({
      status: common.status,
      total: common.headers.get(TOTAL_COUNT_HEADER),
      capped: common.headers.get(TOTAL_COUNT_CAPPED_HEADER),
    }).toEqual({
      status: 200,
      total: String(PRODUCT_SEARCH_COUNT_CAP),
      capped: 'true',
    });
    const one = await get(`/api/products?q=${encodeURIComponent('load tee 4321')}&limit=5`);
    const [{ n }] = (await t.dataSource.query(`SELECT count(*)::int AS n FROM products WHERE name LIKE '%4321%'`)) as { n: number }[];
    expect({ status: one.status, total: one.headers.get(TOTAL_COUNT_HEADER), capped: one.headers.get(TOTAL_COUNT_CAPPED_HEADER) }).toEqual({
      status: 200,
      total: String(n),
      capped: null,
    });
  });

  it('reverts the stored search column and applies it again, finding the same products each way', async () => {
    const found = async () =>
      ((await (await get(`/api/products?q=${encodeURIComponent('load tee 4321')}&limit=50`)).json()) as Product[]).map((p) => p._id);
    const before = await found();
    expect(before.length).toBeGreaterThan(0);
    const migration = new ProductSearchColumn1763700046000();
    await inMigrationTransaction(t.db.url, async (runner) => {
      await migration.down(runner);
      const columns = (await runner.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'search_text'`,
      )) as unknown[];
      expect(columns).toHaveLength(0);
      await migration.up(runner);
    });
    await t.dataSource.query('ANALYZE products');
    // A different page size: a new cache key, so the search runs on the re-created column and index.
    const again = ((await (await get(`/api/products?q=${encodeURIComponent('load tee 4321')}&limit=49`)).json()) as Product[]).map(
      (p) => p._id,
    );
    expect(again).toEqual(before.slice(0, 49));
  }, 120_000);

  it("cancels a search's statements past its own timeout, reads only, answers before its end, and leaves the pool's connections at the general one", async () => {
    const db = t.app.get(Database);
    const slow = t.app.get(Transactions).readWithStatementTimeout(100, () => db.rows('SELECT pg_sleep(2)'));
    await expect(slow.result).rejects.toEqual(expect.objectContaining({ code: '57014' }));
    await expect(slow.ended).rejects.toEqual(expect.objectContaining({ code: '57014' }));
    // A write in it is refused (READ ONLY): what it answers before its COMMIT cannot be undone by it.
    const write = t.app.get(Transactions).readWithStatementTimeout(1000, () => db.rows(`UPDATE products SET sold = sold WHERE false`));
    await expect(write.result).rejects.toEqual(expect.objectContaining({ code: '25006' }));
    await write.ended.catch(() => undefined);
    // Its rows come before its end: the COMMIT's answer is a socket read, which cannot happen before this await resumes.
    let ended = false;
    const read = t.app.get(Transactions).readWithStatementTimeout(1000, () => db.rows<{ one: number }>('SELECT 1 AS one'));
    void read.ended.then(() => (ended = true));
    await expect(read.result).resolves.toEqual([{ one: 1 }]);
    expect(ended).toBe(false);
    await read.ended;
    // SET LOCAL ended with that transaction: every pooled connection is back at DB_STATEMENT_TIMEOUT_MS.
    const settings = await Promise.all(
      Array.from({ length: t.config.db.poolMax }, () =>
        pgPool(t.dataSource).query<{ statement_timeout: string }>('SHOW statement_timeout'),
      ),
    );
    expect(new Set(settings.map((s) => s.rows[0].statement_timeout))).toEqual(new Set([`${t.config.db.statementTimeoutMs / 1000}s`]));
  });
});
