import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ApiRoute, type Category, type Product, type Session } from '@store/contract';
import request from 'supertest';
import sharp from 'sharp';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { asCatalogueAdmin, productCalls, productForm } from './fixtures/product-requests.js';
import { api, createTestApp, type TestApp } from './support/test-app.js';

/** A 3000x1500 camera JPEG with EXIF (GPS position, camera), an ICC profile, XMP, turned by EXIF orientation 6. */
const cameraJpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#1f3a5f' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'SpyCam', Model: 'Serial 12345' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();

/** What a strong ETag of these bytes must be: the server hashes the bytes it stores and nothing else. */
const etagOf = (bytes: Buffer): string => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

describe('product photos (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let images: ImageFixtures;
  let calls: ReturnType<typeof productCalls>;
  let shirts: Category;

  beforeAll(async () => {
    [t, images] = await Promise.all([createTestApp(), createImageFixtures()]);
    ({
      admin,
      calls,
      categories: [shirts],
    } = await asCatalogueAdmin(t, 'Shirts'));
  });
  afterAll(async () => {
    await t.close();
    await images.remove();
  });

  const productCount = async (): Promise<number> => Number((await calls.list().expect(200)).headers['x-total-count']);
  const photoRows = async (productId: string) =>
    t.dataSource.query<{ etag: string; card_etag: string }[]>('SELECT etag, card_etag FROM product_photos WHERE product_id = $1', [
      productId,
    ]);

  describe('accepted photos', () => {
    it.each([
      ['JPEG', 'jpeg', 'image/jpeg'],
      ['PNG', 'png', 'image/png'],
      ['WebP', 'webp', 'image/webp'],
      ['GIF', 'gif', 'image/gif'],
    ] as const)(
      'serves a %s re-encoded in its own type and size, with a strong ETag of the stored bytes and Cache-Control',
      async (_, fixture, contentType) => {
        const uploaded = await sharp(await readFile(images[fixture])).metadata();
        const product = await calls.created(productForm(shirts), images[fixture]);
        const response = await calls.photo(product._id).expect(200);
        const bytes = response.body as Buffer;
        expect(response.headers['content-type']).toBe(contentType);
        expect(response.headers['content-length']).toBe(String(bytes.length));
        expect(response.headers.etag).toBe(etagOf(bytes));
        expect(response.headers['cache-control']).toBe('public, no-cache');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        const served = await sharp(bytes).metadata();
        expect([served.format, served.width, served.height]).toEqual([uploaded.format, uploaded.width, uploaded.height]);
      },
    );

    it('stores a re-encoded photo: metadata stripped, upright, at most 2000 px on its longest side', async () => {
      const camera = await cameraJpeg();
      expect((await sharp(camera).metadata()).exif).toBeDefined();
      const product = await calls.created(productForm(shirts), {
        path: await images.write('camera.jpg', camera),
        filename: 'camera.jpg',
        contentType: 'image/jpeg',
      });
      const stored = (await calls.photo(product._id).expect(200)).body as Buffer;
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('jpeg');
      // Orientation 6 turns 3000x1500 into 1500x3000; capped at 2000 px on the longest side.
      expect([meta.width, meta.height]).toEqual([1000, 2000]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
    });

    it('judges by the bytes, not the name or declared type: a JPEG sent as notes.txt, text/plain is a JPEG', async () => {
      const product = await calls.created(productForm(shirts), { path: images.jpeg, filename: 'notes.txt', contentType: 'text/plain' });
      const response = await calls.photo(product._id).expect(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
    });

    it('reads an empty file input (a photo part without a file name, as browsers send it) as no photo', async () => {
      const parts = Object.entries(productForm(shirts)).map(
        ([name, value]) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
      );
      parts.push('Content-Disposition: form-data; name="photo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n');
      const body = `${parts.map((part) => `--form\r\n${part}\r\n`).join('')}--form--\r\n`;
      const response = await request(t.http)
        .post(api(ApiRoute.productCreate, { userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .set('Content-Type', 'multipart/form-data; boundary=form')
        .send(body)
        .expect(201);
      await calls.photo(response.body._id).expect(404);
    });

    it('accepts a photo of exactly 3 MiB, and stores it without its 3 MB of hidden chunk', async () => {
      const product = await calls.created(productForm(shirts), images.png3MiB);
      const response = await calls.photo(product._id).expect(200);
      expect((await sharp(response.body as Buffer).metadata()).format).toBe('png');
      expect((response.body as Buffer).length).toBeLessThan(200 * 1024);
    });
  });

  describe('refused photos: nothing is saved', () => {
    it('refuses a photo one byte over 3 MiB (413)', async () => {
      const before = await productCount();
      const response = await calls.create(productForm(shirts), images.png3MiBPlusOne).expect(413);
      expect(response.body).toEqual({ error: 'The photo must be 3 MB or smaller', code: 'PAYLOAD_TOO_LARGE' });
      expect(await productCount()).toBe(before);
    });

    it('refuses an image whose dimensions would decode to far more than it weighs (413)', async () => {
      const response = await calls.create(productForm(shirts), images.hugeDimensionsPng).expect(413);
      expect(response.body).toEqual({ error: 'The photo must be at most 24 megapixels', code: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses a real 25-megapixel image (413): more than a shop photo needs', async () => {
      const big = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      const response = await calls
        .create(productForm(shirts), { path: await images.write('big.png', big), filename: 'big.png', contentType: 'image/png' })
        .expect(413);
      expect(response.body).toEqual({ error: 'The photo must be at most 24 megapixels', code: 'PAYLOAD_TOO_LARGE' });
    });

    it.each([
      ['a text file named .png, declared image/png', 'textNamedPng', 'image/png', 'The photo must be a JPEG, PNG, WebP or GIF image'],
      ['an SVG', 'svg', 'image/svg+xml', 'The photo must be a JPEG, PNG, WebP or GIF image'],
      ['a TIFF', 'tiff', 'image/tiff', 'The photo must be a JPEG, PNG, WebP or GIF image'],
      ['a truncated JPEG', 'truncatedJpeg', 'image/jpeg', 'The photo could not be read as an image; it may be truncated or corrupt'],
      [
        'a PNG signature over garbage',
        'corruptPng',
        'image/png',
        'The photo could not be read as an image; it may be truncated or corrupt',
      ],
    ] as const)('refuses %s (415)', async (_, fixture, contentType, error) => {
      const before = await productCount();
      const response = await calls.create(productForm(shirts), { path: images[fixture], contentType }).expect(415);
      expect(response.body).toEqual({ error, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(await productCount()).toBe(before);
    });

    it('refuses a file in another field or a second photo (400)', async () => {
      const other = await calls.create(productForm(shirts)).attach('image', images.jpeg).expect(400);
      expect(other.body).toEqual({ error: 'The form has an unexpected or oversized part (image)', code: 'VALIDATION_FAILED' });
      await calls.create(productForm(shirts), images.jpeg).attach('photo', images.png).expect(400);
    });
  });

  describe('serving', () => {
    let product: Product;
    let original: Buffer;

    beforeAll(async () => {
      product = await calls.created(productForm(shirts), images.jpeg);
      // The stored photo is the upload re-encoded: its bytes are what every response carries.
      original = (await calls.photo(product._id).expect(200)).body as Buffer;
    });

    it('answers 304 without a body to a matching If-None-Match, weak or strong, or *', async () => {
      const etag = etagOf(original);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
        const response = await calls.photo(product._id).set('If-None-Match', ifNoneMatch).expect(304);
        expect(response.headers.etag).toBe(etag);
        expect(response.headers['cache-control']).toBe('public, no-cache');
        expect(response.text ?? '').toBe('');
      }
    });

    it('answers 200 with the bytes to an If-None-Match that does not match', async () => {
      const response = await calls.photo(product._id).set('If-None-Match', '"stale"').expect(200);
      expect(Buffer.compare(response.body as Buffer, original)).toBe(0);
    });

    it('serves ?size=card as a WebP of at most 600 px, made at upload, with an ETag of its own', async () => {
      const response = await calls.photo(product._id, '?size=card').expect(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const card = response.body as Buffer;
      const { format, width, height } = await sharp(card).metadata();
      expect(format).toBe('webp');
      // The 1200x900 original, scaled to fit 600 px and keep its proportions.
      expect([width, height]).toEqual([600, 450]);
      expect(response.headers.etag).toBe(etagOf(card));
      expect(response.headers.etag).not.toBe(etagOf(original));
      const [row] = await photoRows(product._id);
      expect(row.card_etag).toBe(etagOf(card));

      await calls.photo(product._id, '?size=card').set('If-None-Match', etagOf(card)).expect(304);
      // One variant's tag does not validate the other.
      await calls.photo(product._id, '?size=card').set('If-None-Match', etagOf(original)).expect(200);
      await calls.photo(product._id).set('If-None-Match', etagOf(card)).expect(200);
    });

    it('serves ?size=large as a WebP of at most 1200 px, made at upload, with an ETag of its own, 304s and versioned caching', async () => {
      const response = await calls.photo(product._id, '?size=large').expect(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const large = response.body as Buffer;
      const { format, width, height } = await sharp(large).metadata();
      // The 1200x900 original fits 1200 px as it is: re-encoded as WebP, not enlarged.
      expect([format, width, height]).toEqual(['webp', 1200, 900]);
      expect(response.headers.etag).toBe(etagOf(large));
      expect(response.headers['cache-control']).toBe('public, no-cache');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const [row] = await t.dataSource.query<{ large_etag: string }[]>('SELECT large_etag FROM product_photos WHERE product_id = $1', [
        product._id,
      ]);
      expect(row.large_etag).toBe(etagOf(large));

      await calls.photo(product._id, '?size=large').set('If-None-Match', etagOf(large)).expect(304);
      await calls.photo(product._id, '?size=large').set('If-None-Match', etagOf(original)).expect(200);
      const current = `?size=large&v=${encodeURIComponent(product.updatedAt)}`;
      expect((await calls.photo(product._id, current).expect(200)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const revalidated = await calls.photo(product._id, current).set('If-None-Match', etagOf(large)).expect(304);
      expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('makes the large variant of a big camera photo upright, at most 1200 px, without metadata', async () => {
      const camera = await cameraJpeg();
      const big = await calls.created(productForm(shirts), {
        path: await images.write('big.jpg', camera),
        filename: 'big.jpg',
        contentType: 'image/jpeg',
      });
      const large = (await calls.photo(big._id, '?size=large').expect(200)).body as Buffer;
      const meta = await sharp(large).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 1200]);
      expect(meta.exif).toBeUndefined();
      expect(large.includes(Buffer.from('SpyCam'))).toBe(false);
    });

    it('makes the large variant of a photo stored before uploads made one on its first request, stores it, and never serves the stored bytes as they are', async () => {
      const old = await calls.created(productForm(shirts), images.jpeg);
      // A photo row as it was before the large variant existed, holding the upload's bytes untouched (EXIF and all).
      const camera = await cameraJpeg();
      await t.dataSource.query(
        `UPDATE product_photos SET data = $2, etag = $3, large_data = NULL, large_etag = NULL WHERE product_id = $1`,
        [old._id, camera, etagOf(camera)],
      );
      // Conditional and plain first requests at once: each gets the one large variant that is stored.
      const [conditional, ...plain] = await Promise.all([
        calls.photo(old._id, '?size=large').set('If-None-Match', '"anything"').expect(200),
        calls.photo(old._id, '?size=large').expect(200),
        calls.photo(old._id, '?size=large').expect(200),
      ]);
      const large = conditional.body as Buffer;
      const meta = await sharp(large).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 1200]);
      expect(meta.exif).toBeUndefined();
      expect(large.includes(Buffer.from('SpyCam'))).toBe(false);
      expect(conditional.headers['content-type']).toBe('image/webp');
      const [row] = await t.dataSource.query<{ large_etag: string; large_data: Buffer }[]>(
        'SELECT large_etag, large_data FROM product_photos WHERE product_id = $1',
        [old._id],
      );
      expect(row.large_etag).toBe(etagOf(row.large_data));
      for (const response of [conditional, ...plain]) {
        expect(response.headers.etag).toBe(row.large_etag);
        expect(Buffer.compare(response.body as Buffer, row.large_data)).toBe(0);
      }
      await calls.photo(old._id, '?size=large').set('If-None-Match', row.large_etag).expect(304);
      // The other variants are as they were.
      expect(Buffer.compare((await calls.photo(old._id).expect(200)).body as Buffer, camera)).toBe(0);
    });

    it('answers 404 for the large variant of a product without a photo', async () => {
      const bare = await calls.created(productForm(shirts));
      await calls.photo(bare._id, '?size=large').expect(404);
      await calls.photo(bare._id, '?size=large').set('If-None-Match', '*').expect(404);
    });

    it('never enlarges a small photo for the card', async () => {
      const small = await calls.created(productForm(shirts), images.gif);
      const card = (await calls.photo(small._id, '?size=card').expect(200)).body as Buffer;
      const { format, width, height } = await sharp(card).metadata();
      expect([format, width, height]).toEqual(['webp', 200, 200]);
    });

    it('answers 404 JSON for an unknown product and 400 for a bad id, size or parameter', async () => {
      const missing = await calls.photo('00000000-0000-4000-8000-000000000000').expect(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
      expect(missing.body).toEqual({ error: 'This product has no photo', code: 'NOT_FOUND' });
      expect(missing.headers['cache-control']).toBeUndefined();
      await calls.photo('not-a-uuid').expect(400);
      expect((await calls.photo(product._id, '?size=huge').expect(400)).body.code).toBe('VALIDATION_FAILED');
      await calls.photo(product._id, '?page=2').expect(400);
    });

    it('lets a URL with the current version `v` be cached for good, and only that URL', async () => {
      const current = `?size=card&v=${encodeURIComponent(product.updatedAt)}`;
      const versioned = await calls.photo(product._id, current).expect(200);
      const plain = await calls.photo(product._id, '?size=card').expect(200);
      expect(versioned.headers.etag).toBe(plain.headers.etag);
      expect(Buffer.compare(versioned.body as Buffer, plain.body as Buffer)).toBe(0);
      expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['cache-control']).toBe('public, no-cache');
      // A version that is not the product's current one (stale, or made up) is revalidated like no version.
      const stale = await calls.photo(product._id, '?size=card&v=2020-01-01T00:00:00.000Z').expect(200);
      expect(stale.headers['cache-control']).toBe('public, no-cache');
      // The 304 of a versioned URL says the same.
      const revalidated = await calls
        .photo(product._id, current)
        .set('If-None-Match', etagOf(plain.body as Buffer))
        .expect(304);
      expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('replacing on update', () => {
    it('gives the new photo (and its card) new ETags; the old ETag no longer matches', async () => {
      const product = await calls.created(productForm(shirts), images.jpeg);
      const [before] = await photoRows(product._id);
      const replacement = await sharp(await readFile(images.otherJpeg)).metadata();

      await calls.update(product._id, {}, images.otherJpeg).expect(200);
      const response = await calls.photo(product._id).set('If-None-Match', before.etag).expect(200);
      expect(response.headers.etag).toBe(etagOf(response.body as Buffer));
      expect(response.headers.etag).not.toBe(before.etag);
      const served = await sharp(response.body as Buffer).metadata();
      expect([served.width, served.height]).toEqual([replacement.width, replacement.height]);
      const card = await calls.photo(product._id, '?size=card').set('If-None-Match', before.card_etag).expect(200);
      expect(card.headers.etag).not.toBe(before.card_etag);
      // The version the client knew before the update is no longer current: that URL is revalidated again.
      const old = await calls.photo(product._id, `?v=${encodeURIComponent(product.updatedAt)}`).expect(200);
      expect(old.headers['cache-control']).toBe('public, no-cache');
    });

    it('adds a photo to a product that had none', async () => {
      const product = await calls.created(productForm(shirts));
      await calls.photo(product._id).expect(404);
      await calls.update(product._id, {}, images.webp).expect(200);
      expect((await calls.photo(product._id).expect(200)).headers['content-type']).toBe('image/webp');
    });

    it.each([
      ['a 415 photo', 'truncatedJpeg', 415],
      ['a 413 photo', 'png3MiBPlusOne', 413],
    ] as const)('changes nothing, fields or photo, when the update carries %s', async (_, fixture, status) => {
      const product = await calls.created(productForm(shirts, { name: 'Unchanged' }), images.jpeg);
      const [before] = await photoRows(product._id);
      await calls.update(product._id, { name: 'Changed', price: '1' }, images[fixture]).expect(status);
      expect((await calls.get(product._id).expect(200)).body).toEqual(product);
      expect(await photoRows(product._id)).toEqual([before]);
    });

    it('changes nothing when the fields are bad, even with a good photo', async () => {
      const product = await calls.created(productForm(shirts), images.jpeg);
      const [before] = await photoRows(product._id);
      await calls.update(product._id, { category: '00000000-0000-4000-8000-000000000000' }, images.otherJpeg).expect(400);
      expect((await calls.get(product._id).expect(200)).body).toEqual(product);
      expect(await photoRows(product._id)).toEqual([before]);
    });
  });
});
