import { type Category, type Product } from '@store/contract';
import request from 'supertest';
import sharp from 'sharp';
import { DEMO_CATEGORIES, DEMO_COLOUR_OPTION, DEMO_PRODUCTS, seedDemoCatalogue } from '../src/database/seed/demo-seed.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Seeding encodes about 35 photos one at a time (the photo pipeline's queue): slow on a loaded machine. */
const SEEDING_MS = 180_000;

describe('demo seed (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(
    'fills an empty store with categories and t-shirts that have generated photos, once',
    async () => {
      await seedDemoCatalogue(t.app);
      await seedDemoCatalogue(t.app);

      const categories = (await request(t.http).get('/api/categories').expect(200)).body as Category[];
      expect(categories.map((c) => c.name).sort()).toEqual([...DEMO_CATEGORIES].sort());
      const listing = await request(t.http).get('/api/products?sortBy=name').expect(200);
      expect(listing.headers['x-total-count']).toBe(String(DEMO_PRODUCTS.length));
      const products = listing.body as Product[];
      expect(DEMO_PRODUCTS.filter((p) => p.sizes ?? p.colours).length).toBeGreaterThan(DEMO_PRODUCTS.length / 2);
      expect(products.map((p) => p.name)).toEqual(DEMO_PRODUCTS.map((p) => p.name).sort((a, b) => a.localeCompare(b)));

      for (const product of products) {
        const demo = DEMO_PRODUCTS.find((p) => p.name === product.name)!;
        expect(product.price).toBe(demo.price);
        // Sized products show their sizes with the total as stock; the rest have none, as before sizes existed.
        expect(product.sizes).toEqual(demo.sizes ?? []);
        expect(product.stock).toBe(demo.stock);
        if (demo.sizes) expect(demo.stock).toBe(demo.sizes.reduce((sum, size) => sum + size.stock, 0));
        if (demo.colours) {
          const sizes = demo.colours.flatMap((colour) => colour.sizes);
          expect(demo.stock).toBe(sizes.reduce((sum, size) => sum + size.stock, 0));
        }
        expect(categories.find((c) => c._id === product.category)?.name).toBe(demo.category);
        const photo = await request(t.http).get(`/api/product/photo/${product._id}`).expect(200);
        expect(photo.headers['content-type']).toBe('image/jpeg');
        const card = await request(t.http).get(`/api/product/photo/${product._id}?size=card`).expect(200);
        expect(await sharp(card.body as Buffer).metadata()).toEqual(expect.objectContaining({ format: 'webp', width: 600, height: 600 }));
      }
    },
    SEEDING_MS,
  );

  it('gives some tees colours with swatches, a variant per colour and size, and photos per colour', async () => {
    const coloured = DEMO_PRODUCTS.filter((p) => p.colours);
    expect(coloured.length).toBeGreaterThanOrEqual(3);
    const listing = (await request(t.http).get('/api/products?limit=50').expect(200)).body as Product[];
    for (const demo of coloured) {
      const { _id } = listing.find((p) => p.name === demo.name)!;
      const product = (await request(t.http).get(`/api/product/${_id}`).expect(200)).body as Product;
      const [colour, size] = product.options!;
      expect(colour.name).toBe(DEMO_COLOUR_OPTION);
      expect(colour.values.map(({ value, swatch }) => ({ value, swatch }))).toEqual(
        demo.colours!.map((c) => ({ value: c.name, swatch: c.swatch })),
      );
      expect(size.name).toBe('Size');
      const expected = demo.colours!.flatMap((c) => c.sizes.map((s) => ({ options: [c.name, s.size], stock: s.stock, active: true })));
      expect(product.variants!.map(({ options, stock, active }) => ({ options, stock, active }))).toEqual(expected);
      expect(new Set(product.variants!.map((v) => v.sku)).size).toBe(expected.length);

      // Per colour its front, then (a printed tee) a close-up, every one tied to its colour; the first is the card's.
      const photos = product.photos!;
      const printed = demo.design.print !== 'plain';
      expect(photos).toHaveLength(demo.colours!.length * (printed ? 2 : 1));
      for (const value of colour.values) {
        expect(photos.filter((photo) => photo.optionValue === value._id).map((photo) => photo.alt)).toEqual(
          printed ? [`${demo.name} in ${value.value}`, `${demo.name} in ${value.value}, close-up`] : [`${demo.name} in ${value.value}`],
        );
      }
      expect(photos[0]).toMatchObject({ optionValue: colour.values[0]._id, alt: `${demo.name} in ${demo.colours![0].name}` });
      // Each colour's front is its own picture: the shirt's colour differs.
      const fronts = await Promise.all(
        colour.values.map(async (value) => {
          const photo = photos.find((p) => p.optionValue === value._id)!;
          const body = (await request(t.http).get(`/api/product/photo/${_id}/${photo._id}?size=card`).expect(200)).body as Buffer;
          const { data } = await sharp(body)
            .extract({ left: 210, top: 420, width: 10, height: 10 })
            .raw()
            .toBuffer({ resolveWithObject: true });
          return [data[0], data[1], data[2]].join(',');
        }),
      );
      expect(new Set(fronts).size).toBe(fronts.length);
    }
  });

  it('leaves a store that has anything in it alone', async () => {
    const other = await createTestApp();
    try {
      await other.dataSource.query(`INSERT INTO categories (name) VALUES ('Mine')`);
      await seedDemoCatalogue(other.app);
      const [{ count }] = await other.dataSource.query('SELECT count(*)::int AS count FROM products');
      expect(count).toBe(0);
      expect((await request(other.http).get('/api/categories').expect(200)).body).toEqual([{ _id: expect.any(String), name: 'Mine' }]);
    } finally {
      await other.close();
    }
  });
});

describe('demo seed on replicas starting together (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(
    'seeds the catalogue once when two starts seed at the same moment, and neither fails',
    async () => {
      await expect(Promise.all([seedDemoCatalogue(t.app), seedDemoCatalogue(t.app)])).resolves.toEqual([undefined, undefined]);
      const categories = (await request(t.http).get('/api/categories').expect(200)).body as Category[];
      expect(categories.map((c) => c.name).sort()).toEqual([...DEMO_CATEGORIES].sort());
      const listing = await request(t.http).get('/api/products?limit=1').expect(200);
      expect(listing.headers['x-total-count']).toBe(String(DEMO_PRODUCTS.length));
    },
    SEEDING_MS,
  );
});
