import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Category, GalleryRoute, type Product, Role, type Session } from '@store/contract';
import request from 'supertest';
import type { AppConfig } from '../src/config/env.js';
import { migratePhotos } from '../src/modules/photos/photo-migration.js';
import { preparePhoto } from '../src/modules/photos/photo-upload.js';
import { ProductPhotosRepository } from '../src/modules/photos/product-photos.repository.js';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { catalogueNotificationsDelivered } from './support/notifications.js';
import { BUCKET, type LocalS3, objectKeys, s3Client, startS3 } from './support/s3rver.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

const etagOf = (bytes: Buffer): string => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

/** Waits for a condition the API reaches after answering (objects are removed after the commit, not awaited). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Photo caching off: every read below must reach the store it tests.
const NO_PHOTO_CACHE: Partial<AppConfig> = { photoCacheMaxBytes: 0 };

/** What a block's tests call: its app, the app's admin, and the admin's product calls. */
interface Shop {
  t: TestApp;
  admin: Session;
  calls: ReturnType<typeof productCalls>;
}

/** A shop on `config` (read when the block starts), made before the block's tests and closed after them. */
function shopFor(config: () => Partial<AppConfig>): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    shop.t = await createTestApp(config());
    shop.admin = await signedInUser(shop.t, Role.Admin);
    shop.calls = productCalls(shop.t, () => shop.admin);
  });
  afterAll(() => shop.t?.close());
  return shop;
}

/** An object store of the block's own, for a test to stop; started before the block's shop and stopped after it. */
function storeToStop(): LocalS3 {
  const store = {} as LocalS3;
  beforeAll(async () => Object.assign(store, await startS3()));
  afterAll(() => store.stop?.());
  return store;
}

describe('product photos in an S3-compatible object store (e2e, s3rver)', () => {
  let images: ImageFixtures;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let client: S3Client;

  beforeAll(async () => {
    [images, s3] = await Promise.all([createImageFixtures(), startS3()]);
    client = s3Client(s3.config);
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    await images?.remove();
  });

  describe('PHOTO_STORE=s3', () => {
    const shop = shopFor(() => ({ ...NO_PHOTO_CACHE, photoStore: { kind: 's3', s3: s3.config } }));
    let shirts: Category;
    beforeAll(async () => {
      shirts = await shop.calls.category('S3 Shirts');
    });

    it('keeps the bytes in the bucket and only metadata in Postgres, and serves them unchanged with their ETags', async () => {
      // What the upload path stores: the upload re-encoded (photo-upload.ts), not the file's own bytes.
      const upload = await storedBytes(images.jpeg);
      const product = await shop.calls.created(productForm(shirts), images.jpeg);
      const [row] = await shop.t.dataSource.query(
        `SELECT stored_in, data IS NULL AS no_data, card_data IS NULL AS no_card, large_data IS NULL AS no_large, etag, card_etag, large_etag
         FROM product_photos WHERE product_id = $1`,
        [product._id],
      );
      expect(row).toEqual(expect.objectContaining({ stored_in: 's3', no_data: true, no_card: true, no_large: true }));
      expect(await objectKeys(client)).toEqual(
        [
          `products/${product._id}/card-${row.card_etag.replaceAll('"', '')}`,
          `products/${product._id}/large-${row.large_etag.replaceAll('"', '')}`,
          `products/${product._id}/original-${row.etag.replaceAll('"', '')}`,
        ].sort(),
      );

      const original = await shop.calls.photo(product._id).buffer(true).expect(200);
      expect(Buffer.compare(original.body as Buffer, upload)).toBe(0);
      expect(original.headers.etag).toBe(etagOf(upload));
      expect(original.headers['content-type']).toBe('image/jpeg');
      const card = await shop.calls.photo(product._id, '?size=card').buffer(true).expect(200);
      expect(card.headers['content-type']).toBe('image/webp');
      expect(card.headers.etag).toBe(row.card_etag);
      expect(card.headers.etag).toBe(etagOf(card.body as Buffer));

      const large = await shop.calls.photo(product._id, '?size=large').buffer(true).expect(200);
      expect(large.headers['content-type']).toBe('image/webp');
      expect(large.headers.etag).toBe(row.large_etag);
      expect(large.headers.etag).toBe(etagOf(large.body as Buffer));

      await shop.calls.photo(product._id).set('If-None-Match', original.headers.etag).expect(304);
      await shop.calls.photo(product._id, '?size=card').set('If-None-Match', `W/${card.headers.etag}`).expect(304);
      await shop.calls.photo(product._id, '?size=large').set('If-None-Match', large.headers.etag).expect(304);

      // The caching rules are the Postgres store's: revalidate a bare URL, keep a versioned one for good.
      expect(original.headers['cache-control']).toBe('public, no-cache');
      const versioned = await shop.calls.photo(product._id, `?size=card&v=${encodeURIComponent(product.updatedAt)}`).expect(200);
      expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(versioned.headers.etag).toBe(row.card_etag);
      const stale = await shop.calls.photo(product._id, '?v=2000-01-01T00:00:00.000Z').expect(200);
      expect(stale.headers['cache-control']).toBe('public, no-cache');
    });

    it('replacing a photo serves the new bytes and removes the old objects after the commit', async () => {
      const product = await shop.calls.created(productForm(shirts), images.jpeg);
      const before = (await objectKeys(client)).filter((key) => key.includes(product._id));
      await shop.calls.update(product._id, {}, images.otherJpeg).expect(200);
      const replaced = await shop.calls.photo(product._id).buffer(true).expect(200);
      expect(Buffer.compare(replaced.body as Buffer, await storedBytes(images.otherJpeg))).toBe(0);
      await eventually(async () => {
        const now = (await objectKeys(client)).filter((key) => key.includes(product._id));
        return now.length === 3 && before.every((key) => !now.includes(key));
      }, 'the replaced objects to be removed');
    });

    it('replacing a photo with the same bytes keeps its objects', async () => {
      const product = await shop.calls.created(productForm(shirts), images.png);
      const before = (await objectKeys(client)).filter((key) => key.includes(product._id));
      await shop.calls.update(product._id, {}, images.png).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await objectKeys(client)).filter((key) => key.includes(product._id))).toEqual(before);
      await shop.calls.photo(product._id).expect(200);
    });

    it('makes the large variant of a photo stored before uploads made one, in the bucket, on its first request', async () => {
      const product = await shop.calls.created(productForm(shirts), images.otherJpeg);
      const [made] = await shop.t.dataSource.query(`SELECT large_etag FROM product_photos WHERE product_id = $1`, [product._id]);
      await shop.t.dataSource.query(`UPDATE product_photos SET large_etag = NULL WHERE product_id = $1`, [product._id]);
      await client.send(
        new DeleteObjectCommand({ Bucket: BUCKET, Key: `products/${product._id}/large-${made.large_etag.replaceAll('"', '')}` }),
      );

      const large = await shop.calls.photo(product._id, '?size=large').buffer(true).expect(200);
      expect(large.headers['content-type']).toBe('image/webp');
      const [row] = await shop.t.dataSource.query(
        `SELECT stored_in, large_data IS NULL AS no_large, large_etag FROM product_photos WHERE product_id = $1`,
        [product._id],
      );
      expect(row).toEqual({ stored_in: 's3', no_large: true, large_etag: etagOf(large.body as Buffer) });
      expect(await objectKeys(client)).toContain(`products/${product._id}/large-${row.large_etag.replaceAll('"', '')}`);
      // Read back from the bucket (photo caching is off here).
      const again = await shop.calls.photo(product._id, '?size=large').buffer(true).expect(200);
      expect(Buffer.compare(again.body as Buffer, large.body as Buffer)).toBe(0);
    });

    describe('a gallery', () => {
      const addPhoto = (productId: string, alt: string, file: string) =>
        request(shop.t.http)
          .post(api(GalleryRoute.productPhotos, { productId, userId: shop.admin.user._id }))
          .set('Authorization', `Bearer ${shop.admin.token}`)
          .field('alt', alt)
          .attach('photo', file)
          .expect(201);
      const galleryPhoto = (productId: string, photoId: string) =>
        request(shop.t.http).get(api(GalleryRoute.productGalleryPhoto, { productId, photoId })).buffer(true).expect(200);

      it('keeps each photo in the bucket; two photos with the same bytes share their objects until neither names them', async () => {
        const product = await shop.calls.created(productForm(shirts), images.png);
        await addPhoto(product._id, 'The same again', images.png);
        const { body } = await addPhoto(product._id, 'Another', images.jpeg);
        const [first, same, other] = (body as Product).photos!;
        const keys = async () => (await objectKeys(client)).filter((key) => key.includes(product._id));
        // 3 objects for the PNG (shared by photos 1 and 2), 3 for the JPEG.
        expect(await keys()).toHaveLength(6);
        expect(Buffer.compare((await galleryPhoto(product._id, other._id)).body as Buffer, await storedBytes(images.jpeg))).toBe(0);

        await request(shop.t.http)
          .delete(api(GalleryRoute.productPhotoDelete, { productId: product._id, photoId: first._id, userId: shop.admin.user._id }))
          .set('Authorization', `Bearer ${shop.admin.token}`)
          .expect(200);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(await keys()).toHaveLength(6);
        // Read back from the bucket (photo caching is off here): the PNG's objects are still there for photo 2.
        expect(Buffer.compare((await galleryPhoto(product._id, same._id)).body as Buffer, await storedBytes(images.png))).toBe(0);

        await shop.calls.remove(product._id).expect(200);
        await eventually(async () => (await keys()).length === 0, 'every object of the gallery to be removed');
      });
    });

    it('deleting a product removes its objects', async () => {
      const product = await shop.calls.created(productForm(shirts), images.webp);
      expect((await objectKeys(client)).some((key) => key.includes(product._id))).toBe(true);
      await shop.calls.remove(product._id).expect(200);
      await eventually(async () => !(await objectKeys(client)).some((key) => key.includes(product._id)), 'the objects to be removed');
    });
  });

  describe('photos:migrate', () => {
    // The shop still writes to Postgres; the S3 settings are there for the migration.
    const shop = shopFor(() => ({ ...NO_PHOTO_CACHE, photoStore: { kind: 'postgres', s3: s3.config } }));
    let shirts: Category;
    beforeAll(async () => {
      shirts = await shop.calls.category('Migrated Shirts');
    });

    const where = async (): Promise<Record<string, number>> =>
      Object.fromEntries(
        (await shop.t.dataSource.query(`SELECT stored_in, count(*)::int AS n FROM product_photos GROUP BY stored_in`)).map(
          (row: { stored_in: string; n: number }) => [row.stored_in, row.n],
        ),
      );

    it('moves every photo to S3 and back, resumably, serving the same bytes throughout', async () => {
      const files = [images.jpeg, images.png, images.webp, images.gif, images.otherJpeg];
      const products: Product[] = [];
      for (const file of files) products.push(await shop.calls.created(productForm(shirts), file));
      // The last one is a photo stored before uploads made the large variant: it moves without one.
      await shop.t.dataSource.query(`UPDATE product_photos SET large_data = NULL, large_etag = NULL WHERE product_id = $1`, [
        products[4]._id,
      ]);
      const variants = async (id: string): Promise<Buffer> =>
        Buffer.concat(
          await Promise.all(
            ['', '?size=card', '?size=large'].map(
              async (size) => (await shop.calls.photo(id, size).buffer(true).expect(200)).body as Buffer,
            ),
          ),
        );
      const bytes = async (id: string): Promise<Buffer> => (await shop.calls.photo(id).buffer(true).expect(200)).body as Buffer;
      const originals = await Promise.all(products.map((p) => bytes(p._id)));
      expect(await where()).toEqual({ postgres: 5 });

      const photos = shop.t.app.get(ProductPhotosRepository);
      // Interrupted after two photos: those are in S3, the rest still in Postgres, and every photo is served.
      const [first, second] = await photos.recordsStoredIn('postgres', undefined, 2);
      expect(await photos.move(first, 's3')).toBe(true);
      expect(await photos.move(second, 's3')).toBe(true);
      expect(await where()).toEqual({ postgres: 3, s3: 2 });
      for (const [i, product] of products.entries()) expect(Buffer.compare(await bytes(product._id), originals[i])).toBe(0);

      // A second run finishes the work, and a third has nothing left to do.
      expect(await migratePhotos(photos, 's3', { batch: 2 })).toEqual({ moved: 3, skipped: 0 });
      expect(await migratePhotos(photos, 's3')).toEqual({ moved: 0, skipped: 0 });
      expect(await where()).toEqual({ s3: 5 });
      expect(await objectKeys(client)).toEqual(expect.arrayContaining(products.map((p) => expect.stringContaining(p._id))));
      const largeKeys = async (): Promise<string[]> =>
        (await objectKeys(client)).filter((key) => key.includes('/large-') && products.some((p) => key.includes(p._id)));
      const large = await largeKeys();
      expect(large.filter((key) => key.includes(products[4]._id))).toEqual([]);
      expect(large).toHaveLength(4);
      for (const [i, product] of products.entries()) expect(Buffer.compare(await bytes(product._id), originals[i])).toBe(0);
      // Every variant is served from the bucket; the missing large one is made there on its first request.
      const inS3 = await Promise.all(products.map((p) => variants(p._id)));
      expect(await largeKeys()).toHaveLength(5);

      // And back: bytes in Postgres again, the objects gone.
      expect(await migratePhotos(photos, 'postgres')).toEqual({ moved: 5, skipped: 0 });
      expect(await where()).toEqual({ postgres: 5 });
      const left = await objectKeys(client);
      for (const product of products) expect(left.some((key) => key.includes(product._id))).toBe(false);
      for (const [i, product] of products.entries()) expect(Buffer.compare(await variants(product._id), inS3[i])).toBe(0);
      expect(
        await shop.t.dataSource.query(
          `SELECT count(*)::int AS n FROM product_photos WHERE large_data IS NOT NULL AND large_etag IS NOT NULL`,
        ),
      ).toEqual([{ n: 5 }]);
    });

    it('leaves a photo replaced during the move to the newer write', async () => {
      const product = await shop.calls.created(productForm(shirts), images.jpeg);
      const photos = shop.t.app.get(ProductPhotosRepository);
      const [record] = (await photos.recordsStoredIn('postgres', undefined, 100)).filter((r) => r.productId === product._id);
      await shop.calls.update(product._id, {}, images.otherJpeg).expect(200);
      expect(await photos.move(record, 's3')).toBe(false);
      const served = await shop.calls.photo(product._id).buffer(true).expect(200);
      expect(Buffer.compare(served.body as Buffer, await storedBytes(images.otherJpeg))).toBe(0);
      await eventually(async () => !(await objectKeys(client)).some((key) => key.includes(product._id)), 'the stray objects to be removed');
    });
  });

  describe('an object store that is down', () => {
    const down = storeToStop();
    const shop = shopFor(() => ({ ...NO_PHOTO_CACHE, photoStore: { kind: 's3', s3: down.config } }));

    it('answers photo reads and uploads with 503 and Retry-After, saves nothing, and the rest of the store keeps working', async () => {
      const shirts = await shop.calls.category('Down Shirts');
      const product = await shop.calls.created(productForm(shirts), images.jpeg);
      await down.stop();

      const read = await shop.calls.photo(product._id).expect(503);
      expect(read.body).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        error: 'Product photos are temporarily unavailable; please try again in a few seconds',
      });
      expect(read.headers['retry-after']).toBe('5');
      // ETags are answered from the database without the store.
      const [row] = await shop.t.dataSource.query(`SELECT etag FROM product_photos WHERE product_id = $1`, [product._id]);
      await shop.calls.photo(product._id).set('If-None-Match', row.etag).expect(304);

      const before = Number((await shop.calls.list().expect(200)).headers['x-total-count']);
      const upload = await shop.calls.create(productForm(shirts), images.png).expect(503);
      expect(upload.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(Number((await shop.calls.list().expect(200)).headers['x-total-count'])).toBe(before);
      await shop.calls.get(product._id).expect(200);
    });
  });

  describe('an object store that goes down while photos are cached', () => {
    const down = storeToStop();
    // Photo caching on (the default bounds): the outage is about what the cache keeps serving.
    const shop = shopFor(() => ({ photoStore: { kind: 's3', s3: down.config } }));

    it('a refused photo replacement leaves the product, and its cached photo, as they were', async () => {
      const shirts = await shop.calls.category('Outage Shirts');
      const product = await shop.calls.created(productForm(shirts), images.jpeg);
      const other = await shop.calls.created(productForm(shirts), images.png);
      // The creates' notifications arrive before the photos are cached (a late one would drop them itself).
      await catalogueNotificationsDelivered(shop.t);
      const original = await shop.calls.photo(product._id).buffer(true).expect(200);
      const card = await shop.calls.photo(product._id, '?size=card').buffer(true).expect(200);
      await shop.calls.photo(other._id).expect(200);
      await down.stop();

      const refused = await shop.calls.update(product._id, { name: 'Renamed during the outage' }, images.otherJpeg).expect(503);
      expect(refused.body.code).toBe('SERVICE_UNAVAILABLE');
      expect((await shop.calls.get(product._id).expect(200)).body).toEqual(product);

      // Still the photo it had, from this process's cache, without the store.
      const still = await shop.calls.photo(product._id).buffer(true).expect(200);
      expect(Buffer.compare(still.body as Buffer, original.body as Buffer)).toBe(0);
      expect(still.headers.etag).toBe(original.headers.etag);
      const stillCard = await shop.calls.photo(product._id, '?size=card').buffer(true).expect(200);
      expect(Buffer.compare(stillCard.body as Buffer, card.body as Buffer)).toBe(0);
      await shop.calls.photo(other._id).expect(200);
    });
  });
});

/** The bytes the store keeps for an uploaded file: the upload re-encoded by preparePhoto (deterministic). */
async function storedBytes(file: string): Promise<Buffer> {
  return (await preparePhoto(await readFile(file))).data;
}
