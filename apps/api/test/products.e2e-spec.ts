import { type Category, type Product, type Session } from '@store/contract';
import request from 'supertest';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { type ProductForm, asCatalogueAdmin, productCalls, productForm } from './fixtures/product-requests.js';
import { encodeForm } from './support/one-write-form.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('products: create, read, update, delete (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let customer: Session;
  let images: ImageFixtures;
  let calls: ReturnType<typeof productCalls>;
  let shirts: Category;
  let hoodies: Category;

  beforeAll(async () => {
    [t, images] = await Promise.all([createTestApp(), createImageFixtures()]);
    ({
      admin,
      calls,
      categories: [shirts, hoodies],
    } = await asCatalogueAdmin(t, 'Shirts', 'Hoodies'));
    customer = await signedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    await images.remove();
  });

  const productCount = async (): Promise<number> => Number((await calls.list().expect(200)).headers['x-total-count']);

  describe('create', () => {
    it('answers 201 with the product: trimmed text, price in dollars, category id, ISO timestamps, no photo data', async () => {
      const response = await calls
        .create({ name: '  Sunset Tee  ', description: ' Soft and warm ', price: '24.99', stock: '40', category: shirts._id }, images.jpeg)
        .expect(201);
      expect(response.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Sunset Tee',
        description: 'Soft and warm',
        price: 24.99,
        stock: 40,
        sold: 0,
        category: shirts._id,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        sizes: [],
        // A product without options: its one variant, the default, holds its stock.
        options: [],
        variants: [
          { _id: expect.any(Number), sku: expect.stringMatching(/^[0-9A-F]{12}$/), options: [], stock: 40, sold: 0, active: true },
        ],
        // The form's photo is photo 1 of the product's gallery, described by its name (docs/api.md).
        photos: [{ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), alt: 'Photo of Sunset Tee', optionValue: null }],
      });
      expect((await calls.get(response.body._id).expect(200)).body).toEqual(response.body);
    });

    it('creates a product without a photo, whose photo route is then a 404', async () => {
      const product = await calls.created(productForm(shirts));
      const photo = await calls.photo(product._id).expect(404);
      expect(photo.body).toEqual({ error: 'This product has no photo', code: 'NOT_FOUND' });
    });

    it.each([
      ['0', 0],
      ['0.29', 0.29],
      ['12.5', 12.5],
      ['100000', 100000],
      [' 7.05 ', 7.05],
    ])('keeps the price %j exactly (%d dollars)', async (price, dollars) => {
      const product = await calls.created(productForm(shirts, { price }));
      expect(product.price).toBe(dollars);
      const [row] = await t.dataSource.query('SELECT price_cents FROM products WHERE id = $1', [product._id]);
      expect(row.price_cents).toBe(Math.round(dollars * 100));
    });

    it('accepts the limits: stock 0 and 1000000, a 32-character name, a 2000-character description', async () => {
      expect((await calls.created(productForm(shirts, { stock: '0' }))).stock).toBe(0);
      expect((await calls.created(productForm(shirts, { stock: '1000000' }))).stock).toBe(1000000);
      expect((await calls.created(productForm(shirts, { name: 'N'.repeat(31) + '👕' }))).name).toBe('N'.repeat(31) + '👕');
      expect((await calls.created(productForm(shirts, { description: 'd'.repeat(2000) }))).description).toHaveLength(2000);
    });

    it.each(['name', 'description', 'price', 'category', 'stock'])(
      'refuses a form without %s: "Please include all fields" (400)',
      async (field) => {
        const before = await productCount();
        const form = productForm(shirts);
        delete form[field];
        const response = await calls.create(form, images.jpeg).expect(400);
        expect(response.body).toEqual({
          error: 'Please include all fields',
          code: 'VALIDATION_FAILED',
          details: [{ field, message: 'is required' }],
        });
        expect(await productCount()).toBe(before);
      },
    );

    it('counts a blank field as missing', async () => {
      const response = await calls.create(productForm(shirts, { name: '   ', stock: '' })).expect(400);
      expect(response.body.error).toBe('Please include all fields');
      expect(response.body.details.map((d: { field: string }) => d.field)).toEqual(['name', 'stock']);
    });

    const PRICE_MESSAGE = 'Price must be a number from 0 to 100000 with at most 2 decimals';
    const STOCK_MESSAGE = 'Stock must be a whole number from 0 to 1000000';
    it.each([
      ['a 33-character name', 'name', 'x'.repeat(33), 'Name must be 1 to 32 characters'],
      ['a 2001-character description', 'description', 'd'.repeat(2001), 'Description must be 1 to 2000 characters'],
      ['a negative price', 'price', '-1', PRICE_MESSAGE],
      ['a price over 100000', 'price', '100000.01', PRICE_MESSAGE],
      ['a price with 3 decimals', 'price', '1.234', PRICE_MESSAGE],
      ['a price that is not a number', 'price', 'abc', PRICE_MESSAGE],
      ['a price in exponent notation', 'price', '1e3', PRICE_MESSAGE],
      ['a fractional stock', 'stock', '1.5', STOCK_MESSAGE],
      ['a negative stock', 'stock', '-1', STOCK_MESSAGE],
      ['a stock over 1000000', 'stock', '1000001', STOCK_MESSAGE],
      ['a stock that is not a number', 'stock', 'ten', STOCK_MESSAGE],
      ['a category that is not an id', 'category', 'not-an-id', 'Category must be a valid category id'],
    ])('refuses %s (400) and saves nothing', async (_, field, value, message) => {
      const before = await productCount();
      const response = await calls.create(productForm(shirts, { [field]: value }), images.jpeg).expect(400);
      expect(response.body).toEqual({ error: message, code: 'VALIDATION_FAILED', details: [{ field, message }] });
      expect(await productCount()).toBe(before);
    });

    it('reports every bad field at once', async () => {
      const response = await calls.create(productForm(shirts, { price: 'free', stock: '-3' })).expect(400);
      expect(response.body.details.map((d: { field: string }) => d.field)).toEqual(['price', 'stock']);
    });

    it('refuses a category that does not exist (400)', async () => {
      const response = await calls.create(productForm(shirts, { category: MISSING_ID }), images.jpeg).expect(400);
      expect(response.body).toEqual({
        error: 'Category does not exist',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'category', message: 'no category has this id' }],
      });
    });

    it('refuses unknown fields, such as sold (400)', async () => {
      const response = await calls.create(productForm(shirts, { sold: '5' })).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.error).toMatch(/^Unknown field "sold"/);
    });

    it('refuses a field sent twice or as a bracketed name (400)', async () => {
      const twice = await calls.create(productForm(shirts)).field('stock', '11').expect(400);
      expect(twice.body.error).toBe('Send each field once, as text (stock)');
      const nested = await calls.create(productForm(shirts)).field('name[first]', 'x').expect(400);
      expect(nested.body.code).toBe('VALIDATION_FAILED');
    });

    it('refuses a body that is not multipart/form-data (415)', async () => {
      const json = await request(t.http)
        .post(api('/product/create/:userId', { userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .send(productForm(shirts))
        .expect(415);
      expect(json.body).toEqual({ error: expect.stringContaining('multipart/form-data'), code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('refuses a customer (403), no token (401) and an admin using another user id (403), saving nothing', async () => {
      const before = await productCount();
      // Each form goes out in one write with its headers: the guards answer before the body is read, and the server
      // then closes the connection, so a client still streaming the form could see EPIPE instead of the answer.
      const customers = await calls.createInOneWrite(productForm(shirts), images.gif, customer);
      expect([customers.status, customers.body.code]).toEqual([403, 'FORBIDDEN']);
      const anonymous = await calls.createInOneWrite(productForm(shirts), images.gif, null);
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
      const notMine = await encodeForm({ name: 'Not mine' });
      await request(t.http)
        .post(api('/product/create/:userId', { userId: customer.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .set('Content-Type', notMine.contentType)
        .send(notMine.body)
        .expect(403);
      expect(await productCount()).toBe(before);
    });
  });

  describe('read', () => {
    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await calls.get(MISSING_ID).expect(404)).body).toEqual({ error: 'Product not found', code: 'NOT_FOUND' });
      expect((await calls.get('not-a-uuid').expect(400)).body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('update', () => {
    let product: Product;

    beforeEach(async () => {
      product = await calls.created(productForm(shirts, { name: 'Before', price: '10', stock: '5' }), images.jpeg);
    });

    it('changes only the fields sent (200)', async () => {
      const response = await calls.update(product._id, { price: '12.50' }).expect(200);
      expect(response.body).toEqual({ ...product, price: 12.5, updatedAt: expect.stringMatching(ISO) });
      expect(Date.parse(response.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt));
      expect((await calls.get(product._id).expect(200)).body).toEqual(response.body);
    });

    it('changes every field at once, the category included', async () => {
      const form = { name: 'After', description: 'New words', price: '99.99', stock: '0', category: hoodies._id };
      const response = await calls.update(product._id, form).expect(200);
      expect(response.body).toEqual({
        ...product,
        name: 'After',
        description: 'New words',
        price: 99.99,
        stock: 0,
        category: hoodies._id,
        updatedAt: expect.any(String),
        variants: [{ ...product.variants![0], stock: 0 }],
        // A photo stored without alt text is described by the product's current name.
        photos: product.photos?.map((photo) => ({ ...photo, alt: 'Photo of After' })),
      });
    });

    it('validates what is sent as create does (400), changing nothing', async () => {
      const forms: ProductForm[] = [
        { name: '' },
        { price: '1.001' },
        { stock: '-1' },
        { category: 'nope' },
        { category: MISSING_ID },
        { colour: 'red' },
      ];
      for (const form of forms) {
        const response = await calls.update(product._id, form).expect(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
      }
      expect((await calls.get(product._id).expect(200)).body).toEqual(product);
    });

    it('refuses an update with nothing in it (400)', async () => {
      const empty = await request(t.http)
        .put(api('/product/:productId/:userId', { productId: product._id, userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .set('Content-Type', 'multipart/form-data; boundary=empty')
        .send('--empty--\r\n')
        .expect(400);
      expect(empty.body).toEqual({ error: 'Nothing to update: send at least one field or a photo', code: 'VALIDATION_FAILED' });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await calls.update(MISSING_ID, { name: 'Ghost' }).expect(404)).body).toEqual({
        error: 'Product not found',
        code: 'NOT_FOUND',
      });
      await calls.update('not-a-uuid', { name: 'Ghost' }).expect(400);
    });

    it('refuses a customer (403) and no token (401), changing nothing', async () => {
      await calls.update(product._id, { name: 'Hacked' }, undefined, customer).expect(403);
      await calls.update(product._id, { name: 'Hacked' }, undefined, null).expect(401);
      expect((await calls.get(product._id).expect(200)).body).toEqual(product);
    });
  });

  describe('delete', () => {
    it('answers 200 {message, _id}; the product and its photo are gone', async () => {
      const product = await calls.created(productForm(shirts, { name: 'Doomed' }), images.png);
      await calls.photo(product._id).expect(200);
      const response = await calls.remove(product._id).expect(200);
      expect(response.body).toEqual({ message: 'Product "Doomed" deleted', _id: product._id });
      await calls.get(product._id).expect(404);
      await calls.photo(product._id).expect(404);
      const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM product_photos WHERE product_id = $1', [
        product._id,
      ]);
      expect(count).toBe(0);
      await calls.remove(product._id).expect(404);
    });

    it('refuses a customer (403) and no token (401)', async () => {
      const product = await calls.created(productForm(shirts));
      await calls.remove(product._id, customer).expect(403);
      await calls.remove(product._id, null).expect(401);
      await calls.get(product._id).expect(200);
    });

    it('answers 400 for a malformed id', async () => {
      await calls.remove('not-a-uuid').expect(400);
    });
  });

  describe('categories in use', () => {
    it('refuses to delete a category while products use it (409), and allows it once they are gone', async () => {
      const caps = await calls.category('Caps');
      const product = await calls.created(productForm(caps));
      const removeCategory = () =>
        request(t.http)
          .delete(api('/category/:categoryId/:userId', { categoryId: caps._id, userId: admin.user._id }))
          .set('Authorization', `Bearer ${admin.token}`);
      const refused = await removeCategory().expect(409);
      expect(refused.body).toEqual({ error: 'Category "Caps" still has products; move or delete them first', code: 'CONFLICT' });
      await calls.remove(product._id).expect(200);
      await removeCategory().expect(200);
    });
  });
});
