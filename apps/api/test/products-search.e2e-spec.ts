import { type Category, NEXT_CURSOR_HEADER, type Product } from '@store/contract';
import { CatalogueCache } from '../src/modules/catalogue/catalogue-cache.js';
import { asCatalogueAdmin, productCalls, productForm } from './fixtures/product-requests.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * `GET /products?q=` on a real Postgres: words found in the name or the description, ignoring case and accents,
 * combined with the category filter, every sort and both kinds of paging, served from (and dropped from) the
 * catalogue cache like any listing, and hostile values refused with a 400 that says why.
 */
describe('product search (e2e)', () => {
  let t: TestApp;
  let calls: ReturnType<typeof productCalls>;
  let tees: Category;
  let mugs: Category;

  beforeAll(async () => {
    t = await createTestApp();
    ({
      calls,
      categories: [tees, mugs],
    } = await asCatalogueAdmin(t, 'Tees', 'Mugs'));
    for (const [name, description, price, category] of [
      ['Café Noir Tee', 'Black as an espresso, soft as a croissant.', '30', tees],
      ['Morning Tee', 'For the first CAFÉ of the day: crème print on navy.', '20', tees],
      ['Cafeteria Mug', 'Holds a whole pot of coffee.', '12', mugs],
      ['Sunset Tee', 'A low sun over the sea, 100% organic cotton.', '25', tees],
      ['Thread Count Tee', '1000 threads, and not one of them percent-sign shaped.', '40', tees],
      ['ÉCOLE Tee', 'Back to school in a naïve print.', '15', tees],
    ] as const) {
      await calls.created(productForm(category, { name, description, price }));
    }
  });
  afterAll(() => t.close());

  const names = (body: Product[]) => body.map((p) => p.name).sort();
  const search = (query: string) => calls.list(`?${query}`).expect(200);

  it('finds a word in names and descriptions ignoring case and accents: "cafe" finds Café and CAFÉ (and Cafeteria)', async () => {
    const response = await search('q=cafe');
    expect(names(response.body)).toEqual(['Cafeteria Mug', 'Café Noir Tee', 'Morning Tee']);
    expect(response.headers['x-total-count']).toBe('3');
  });

  it.each([
    ['upper case', 'CAFE'],
    ['accented', 'café'],
    ['accented upper case', 'CAFÉ'],
    ['decomposed accent (e + U+0301)', 'cafe\u0301'],
    ['spaces around', '  cafe  '],
  ])('the same search typed in %s finds the same', async (_label, q) => {
    expect(names((await search(`q=${encodeURIComponent(q)}`)).body)).toEqual(['Cafeteria Mug', 'Café Noir Tee', 'Morning Tee']);
  });

  it('unaccents the stored text too: "ecole" and "naive" find ÉCOLE Tee and its naïve print', async () => {
    expect(names((await search('q=ecole')).body)).toEqual(['ÉCOLE Tee']);
    expect(names((await search('q=naive')).body)).toEqual(['ÉCOLE Tee']);
  });

  it('needs every word, each in the name or the description', async () => {
    expect(names((await search('q=cafe%20navy')).body)).toEqual(['Morning Tee']);
    expect(names((await search('q=noir%20espresso')).body)).toEqual(['Café Noir Tee']);
    expect(names((await search('q=cafe%20sunset')).body)).toEqual([]);
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    expect(names((await search(`q=${encodeURIComponent('100%')}`)).body)).toEqual(['Sunset Tee']);
    expect(names((await search(`q=${encodeURIComponent('%%%')}`)).body)).toEqual([]);
    expect(names((await search(`q=${encodeURIComponent('t_e')}`)).body)).toEqual([]);
    expect(names((await search(`q=${encodeURIComponent('10_0')}`)).body)).toEqual([]);
  });

  it('finds nothing with an empty page and a total of 0', async () => {
    const response = await search('q=zeppelin');
    expect(response.body).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('a blank q is no search: the whole listing', async () => {
    for (const q of ['', '%20%20']) {
      const response = await search(`q=${q}`);
      expect(response.headers['x-total-count']).toBe('6');
    }
  });

  it('combines with the category filter, the total counting only the matches in that category', async () => {
    const response = await search(`q=cafe&category=${tees._id}`);
    expect(names(response.body)).toEqual(['Café Noir Tee', 'Morning Tee']);
    expect(response.headers['x-total-count']).toBe('2');
    expect(names((await search(`q=cafe&category=${mugs._id}`)).body)).toEqual(['Cafeteria Mug']);
  });

  it.each([
    ['price', 'asc', ['Cafeteria Mug', 'Morning Tee', 'Café Noir Tee']],
    ['price', 'desc', ['Café Noir Tee', 'Morning Tee', 'Cafeteria Mug']],
    ['createdAt', 'desc', ['Cafeteria Mug', 'Morning Tee', 'Café Noir Tee']],
  ])('sorts the matches by %s %s', async (sortBy, order, expected) => {
    const response = await search(`q=cafe&sortBy=${sortBy}&order=${order}`);
    expect((response.body as Product[]).map((p) => p.name)).toEqual(expected);
  });

  it('sorts by best-selling (sold, most first)', async () => {
    await t.dataSource.query(`UPDATE products SET sold = CASE name WHEN 'Morning Tee' THEN 9 WHEN 'Cafeteria Mug' THEN 4 ELSE 0 END`);
    const response = await search('q=cafe&sortBy=sold&order=desc');
    expect((response.body as Product[]).map((p) => p.name)).toEqual(['Morning Tee', 'Cafeteria Mug', 'Café Noir Tee']);
  });

  it('pages the matches with limit and offset, and with the keyset cursor, the total staying that of the matches', async () => {
    const all = (await search('q=tee&sortBy=price&order=asc')).body as Product[];
    expect(all.map((p) => p.name)).toEqual(['ÉCOLE Tee', 'Morning Tee', 'Sunset Tee', 'Café Noir Tee', 'Thread Count Tee']);
    const byOffset = [await search('q=tee&sortBy=price&order=asc&limit=2'), await search('q=tee&sortBy=price&order=asc&limit=2&offset=2')];
    expect([...byOffset[0].body, ...byOffset[1].body].map((p: Product) => p._id)).toEqual(all.slice(0, 4).map((p) => p._id));
    for (const page of byOffset) expect(page.headers['x-total-count']).toBe('5');
    // Past the last match: no row carries the total (counted with the page), so it is counted apart.
    const beyond = await search('q=tee&sortBy=price&order=asc&limit=2&offset=10');
    expect({ body: beyond.body, total: beyond.headers['x-total-count'] }).toEqual({ body: [], total: '5' });

    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 5; pages += 1) {
      const page = await search(`q=tee&sortBy=price&order=asc&limit=2${after ? `&after=${after}` : ''}`);
      expect(page.headers['x-total-count']).toBe('5');
      seen.push(...(page.body as Product[]).map((p) => p._id));
      after = page.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      if (!after) break;
    }
    expect(seen).toEqual(all.map((p) => p._id));
  });

  it('is cached per search, and a catalogue write shows in the next search at once', async () => {
    const cache = t.app.get(CatalogueCache);
    await search('q=espresso');
    const first = await search('q=espresso');
    expect(names(first.body)).toEqual(['Café Noir Tee']);
    expect(cache.stats().searches).toBeGreaterThan(0);
    // Another search, or no search, is another cache entry: never the cached answer of this one.
    expect(names((await search('q=sunset')).body)).toEqual(['Sunset Tee']);
    expect((await search('')).headers['x-total-count']).toBe('6');

    const morning = ((await search('q=morning')).body as Product[])[0];
    await calls.update(morning._id, { description: 'Now with a double espresso on the back.' }).expect(200);
    expect(names((await search('q=espresso')).body)).toEqual(['Café Noir Tee', 'Morning Tee']);
  });

  const tooLong = 'a'.repeat(101);
  it.each([
    ['longer than 100 characters', `q=${tooLong}`, 'q must be at most 100 characters'],
    ['given twice', 'q=cafe&q=noir', 'q must be given once'],
    ['only short words', 'q=ab%20cd', 'q must have a word of at least 3 characters'],
    ['nine words', `q=${encodeURIComponent('one two three four five six seven eight nine')}`, 'q must have at most 8 words'],
    ['only invisible characters', `q=${encodeURIComponent('\u200b\u200b\u200b')}`, 'q must contain a visible character'],
  ])('refuses a q %s (400, saying why)', async (_label, query, message) => {
    const response = await calls.list(`?${query}`).expect(400);
    expect(response.body).toEqual({ error: message, code: 'VALIDATION_FAILED', details: [{ field: 'q', message }] });
  });

  // Control characters anywhere in a URL are refused before any route (request-guards); the parser's own check
  // is there for any other caller of it.
  it.each([
    ['a control character', 'q=caf%07e'],
    ['a newline', 'q=cafe%0Anoir'],
    ['a tab', 'q=cafe%09noir'],
    ['NUL', 'q=caf%00e'],
    ['an invalid percent escape', 'q=%E0%A4%A'],
    ['a nested object', 'q[x]=cafe'],
  ])('refuses a q with %s (400, never 500)', async (_label, query) => {
    const response = await calls.list(`?${query}`).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('takes SQL and HTML as plain text', async () => {
    for (const q of ["'; DROP TABLE products; --", '<script>alert(1)</script>', "cafe' OR '1'='1"]) {
      const response = await search(`q=${encodeURIComponent(q)}`);
      expect(response.body).toEqual([]);
    }
    expect((await search('')).headers['x-total-count']).toBe('6');
  });
});
