import { readFile } from 'node:fs/promises';
import { type Category, type Product, Role } from '@store/contract';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { asCatalogueAdmin, productCalls, productForm } from './fixtures/product-requests.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';

const WIRE_KEYS = [
  '_id',
  'category',
  'createdAt',
  'description',
  'name',
  'options',
  'price',
  'sizes',
  'sold',
  'stock',
  'updatedAt',
  'variants',
];

describe('product listing (e2e)', () => {
  let t: TestApp;
  let calls: ReturnType<typeof productCalls>;
  let shirts: Category;
  let hoodies: Category;
  /** In creation order. */
  let created: Product[];
  const SOLD: Record<string, number> = { Birch: 7, Ember: 3 };

  beforeAll(async () => {
    t = await createTestApp();
    ({
      calls,
      categories: [shirts, hoodies],
    } = await asCatalogueAdmin(t, 'Shirts', 'Hoodies'));
    created = [];
    for (const [name, price, category] of [
      ['Cobalt', '30', shirts],
      ['amber', '12.5', hoodies],
      ['Birch', '45', shirts],
      ['Dune', '12.5', shirts],
      ['Ember', '8', hoodies],
    ] as const) {
      created.push(await calls.created(productForm(category, { name, price })));
    }
    // `sold` moves only through orders; set it here to sort by it.
    await t.dataSource.query(`UPDATE products SET sold = CASE name WHEN 'Birch' THEN 7 WHEN 'Ember' THEN 3 ELSE 0 END`);
  });
  afterAll(() => t.close());

  const names = (body: Product[]) => body.map((p) => p.name);

  it('answers an array of products, oldest first, with the total in X-Total-Count', async () => {
    const response = await calls.list().expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('5');
    // A list carries no gallery (a card shows the first photo by the product's id): the products as created without it.
    expect(response.body).toEqual(created.map(({ photos: _gallery, ...p }) => ({ ...p, sold: SOLD[p.name] ?? 0 })));
  });

  it('pages with limit and offset; the total stays the whole listing', async () => {
    const first = await calls.list('?limit=2').expect(200);
    const second = await calls.list('?limit=2&offset=2').expect(200);
    const third = await calls.list('?limit=2&offset=4').expect(200);
    expect([...names(first.body), ...names(second.body), ...names(third.body)]).toEqual(created.map((p) => p.name));
    for (const page of [first, second, third]) expect(page.headers['x-total-count']).toBe('5');
  });

  it('answers an empty page past the end, still with the total', async () => {
    const response = await calls.list('?offset=50').expect(200);
    expect(response.body).toEqual([]);
    expect(response.headers['x-total-count']).toBe('5');
  });

  const sortKey: Record<string, (p: Product) => string | number> = {
    name: (p) => p.name.toLowerCase(),
    price: (p) => p.price,
    sold: (p) => SOLD[p.name] ?? 0,
    createdAt: (p) => created.indexOf(p),
  };

  it('sorts names ignoring case', async () => {
    expect(names((await calls.list('?sortBy=name').expect(200)).body)).toEqual(['amber', 'Birch', 'Cobalt', 'Dune', 'Ember']);
  });

  it.each(['name', 'price', 'sold', 'createdAt'].flatMap((sortBy) => [[sortBy, 'asc'] as const, [sortBy, 'desc'] as const]))(
    'sorts by %s %s, equal values by id in the same direction',
    async (sortBy, order) => {
      const key = sortKey[sortBy];
      const ascending = [...created].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a._id < b._id ? -1 : 1));
      const expected = order === 'asc' ? ascending : ascending.reverse();
      const response = await calls.list(`?sortBy=${sortBy}&order=${order}`).expect(200);
      expect((response.body as Product[]).map((p) => p._id)).toEqual(expected.map((p) => p._id));
    },
  );

  it('filters by category, counting only that category', async () => {
    const response = await calls.list(`?category=${hoodies._id}&sortBy=name`).expect(200);
    expect(names(response.body)).toEqual(['amber', 'Ember']);
    expect(response.headers['x-total-count']).toBe('2');
    const none = await calls.list('?category=00000000-0000-4000-8000-000000000000').expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['limit=0', 'limit', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit', 'limit must be a whole number from 1 to 100'],
    ['limit=2.5', 'limit', 'limit must be a whole number from 1 to 100'],
    ['offset=-1', 'offset', 'offset must be a whole number from 0 to 999999999'],
    ['sortBy=price_cents', 'sortBy', 'sortBy must be one of name, price, createdAt, sold'],
    ['order=up', 'order', 'order must be one of asc, desc'],
    ['category=shirts', 'category', 'category must be a valid category id'],
    ['limit=1&limit=2', 'limit', 'limit must be given once'],
    ['page=2', 'page', 'Unknown query parameter "page"'],
  ])('refuses ?%s (400)', async (query, field, message) => {
    const response = await calls.list(`?${query}`).expect(400);
    expect(response.body).toEqual({ error: message, code: 'VALIDATION_FAILED', details: [{ field, message }] });
  });
});

describe('product listing of 1,000 products (e2e)', () => {
  let t: TestApp;
  let images: ImageFixtures;
  let calls: ReturnType<typeof productCalls>;
  let photoBytes: Buffer;

  beforeAll(async () => {
    [t, images] = await Promise.all([createTestApp(), createImageFixtures()]);
    const admin = await signedInUser(t, Role.Admin);
    calls = productCalls(t, () => admin);
    const category = await calls.category('Bulk');
    // One product through the API, with a real photo; 999 more copied from it in SQL, photo and all.
    const model = await calls.created(productForm(category), images.webp);
    photoBytes = await readFile(images.webp);
    await t.dataSource.query(
      `INSERT INTO products (name, description, price_cents, stock, category_id)
       SELECT 'Bulk Tee ' || i, 'Bulk description ' || i, 1000 + i, i, $1 FROM generate_series(1, 999) AS i`,
      [category._id],
    );
    await t.dataSource.query(
      `INSERT INTO product_photos (product_id, content_type, data, etag, card_data, card_etag)
       SELECT p.id, ph.content_type, ph.data, ph.etag, ph.card_data, ph.card_etag
       FROM products p CROSS JOIN product_photos ph WHERE ph.product_id = $1 AND p.id <> $1`,
      [model._id],
    );
  });
  afterAll(async () => {
    await t.close();
    await images.remove();
  });

  it('lists every product with a photo, in ten pages of 100, carrying no photo data', async () => {
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM product_photos');
    expect(count).toBe(1000);

    const pages = [];
    for (let offset = 0; offset < 1000; offset += 100) pages.push(await calls.list(`?limit=100&offset=${offset}`).expect(200));
    const products = pages.flatMap((page) => page.body as Product[]);
    expect(products).toHaveLength(1000);
    expect(new Set(products.map((p) => p._id)).size).toBe(1000);
    for (const page of pages) expect(page.headers['x-total-count']).toBe('1000');

    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual(WIRE_KEYS);
      const { sizes, options, variants, ...scalars } = product;
      for (const value of Object.values(scalars)) expect(['string', 'number']).toContain(typeof value);
      expect(sizes).toEqual([]);
      // Written straight to the table: the trigger gave each its default variant, with the product's stock.
      expect({ options, variants }).toEqual({
        options: [],
        variants: [
          { _id: expect.any(Number), sku: expect.any(String), options: [], stock: product.stock, sold: product.sold, active: true },
        ],
      });
    }
    // Each photo weighs more than a whole page of products: none of it, in any encoding, is in the listing.
    expect(photoBytes.length).toBeGreaterThan(4000);
    for (const page of pages) {
      // About 300 bytes of fields and 100 of the default variant per product: no room for a photo.
      expect(page.text.length).toBeLessThan(100 * 450);
      const sample = photoBytes.subarray(16, 48);
      for (const encoded of [sample.toString('base64'), sample.toString('hex'), `\\x${sample.toString('hex')}`]) {
        expect(page.text).not.toContain(encoded);
      }
    }
  });

  it('answers the default page of 100', async () => {
    const response = await calls.list().expect(200);
    expect(response.body).toHaveLength(100);
    expect(response.headers['x-total-count']).toBe('1000');
  });
});
