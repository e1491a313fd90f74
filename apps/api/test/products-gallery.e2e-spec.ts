import { createHash } from 'node:crypto';
import {
  ApiRoute,
  type AuditEntry,
  type Category,
  GalleryRoute,
  type Product,
  PRODUCT_PHOTOS_MAX,
  Role,
  type Session,
} from '@store/contract';
import request from 'supertest';
import sharp from 'sharp';
import { ProductGallery1764000200000 } from '../src/database/migrations/1764000200000-product-gallery.js';
import { PhotoOptionValues1764000210000 } from '../src/database/migrations/1764000210000-photo-option-values.js';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { asCatalogueAdmin, productCalls, productForm } from './fixtures/product-requests.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

const etagOf = (bytes: Buffer): string => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

describe('product gallery (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let images: ImageFixtures;
  let calls: ReturnType<typeof productCalls>;
  let shirts: Category;
  /** Small distinct photos, one per colour, written once. */
  const swatches: string[] = [];

  beforeAll(async () => {
    [t, images] = await Promise.all([createTestApp(), createImageFixtures()]);
    ({
      admin,
      calls,
      categories: [shirts],
    } = await asCatalogueAdmin(t, 'Gallery shirts'));
    for (let i = 0; i < PRODUCT_PHOTOS_MAX + 1; i += 1) {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: i * 19, g: 255 - i * 19, b: 90 } } })
        .png()
        .toBuffer();
      swatches.push(await images.write(`swatch-${i}.png`, png));
    }
  });
  afterAll(async () => {
    await t.close();
    await images.remove();
  });

  const as = (test: request.Test, session: Session = admin) => test.set('Authorization', `Bearer ${session.token}`);
  const addPhoto = (productId: string, fields: Record<string, string>, photo?: string, session: Session = admin) => {
    const test = as(request(t.http).post(api(GalleryRoute.productPhotos, { productId, userId: session.user._id })), session);
    for (const [name, value] of Object.entries(fields)) test.field(name, value);
    if (photo) test.attach('photo', photo);
    return test;
  };
  const added = async (productId: string, alt: string, photo: string): Promise<Product> =>
    (await addPhoto(productId, { alt }, photo).expect(201)).body as Product;
  const arrange = (productId: string, body: unknown, session: Session = admin) =>
    as(request(t.http).put(api(GalleryRoute.productPhotos, { productId, userId: session.user._id })), session).send(body as object);
  const removePhoto = (productId: string, photoId: string) =>
    as(request(t.http).delete(api(GalleryRoute.productPhotoDelete, { productId, photoId, userId: admin.user._id })));
  const galleryPhoto = (productId: string, photoId: string, query = '') =>
    request(t.http).get(`${api(GalleryRoute.productGalleryPhoto, { productId, photoId })}${query}`);
  const product = async (productId: string): Promise<Product> => (await calls.get(productId).expect(200)).body as Product;
  const bytesOf = async (test: request.Test): Promise<Buffer> => (await test.expect(200)).body as Buffer;

  it("makes the form's photo photo 1 of the gallery, described by the product's name, served at both URLs", async () => {
    const created = await calls.created(productForm(shirts, { name: 'Harbour tee' }), images.jpeg);
    const { photos } = await product(created._id);
    expect(photos).toEqual([{ _id: expect.any(String), alt: 'Photo of Harbour tee', optionValue: null }]);
    const first = await bytesOf(calls.photo(created._id, '?size=card'));
    expect(await bytesOf(galleryPhoto(created._id, photos![0]._id, '?size=card'))).toEqual(first);
    // A product without photos has an empty gallery.
    const bare = await calls.created(productForm(shirts));
    expect((await product(bare._id)).photos).toEqual([]);
  });

  it('adds photos in order, each with its own WebP variants, ETag, 304 and immutable versioned URL', async () => {
    const created = await calls.created(productForm(shirts), images.jpeg);
    await added(created._id, 'Front, navy', swatches[0]);
    const after = await added(created._id, '  Back, navy  ', swatches[1]);
    expect(after.photos!.map((photo) => photo.alt)).toEqual([`Photo of ${created.name}`, 'Front, navy', 'Back, navy']);
    expect(after.updatedAt > created.updatedAt).toBe(true);
    expect(await product(created._id)).toMatchObject({ photos: after.photos, updatedAt: after.updatedAt });

    const back = after.photos![2];
    const large = await galleryPhoto(created._id, back._id, `?size=large&v=${encodeURIComponent(after.updatedAt)}`).expect(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers.etag).toBe(etagOf(large.body as Buffer));
    expect(large.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const card = await galleryPhoto(created._id, back._id, '?size=card').expect(200);
    expect(card.headers['cache-control']).toBe('public, no-cache');
    expect((await sharp(card.body as Buffer).metadata()).format).toBe('webp');
    await galleryPhoto(created._id, back._id, '?size=card').set('If-None-Match', card.headers.etag).expect(304);
    const original = await galleryPhoto(created._id, back._id).expect(200);
    expect(original.headers['content-type']).toBe('image/png');
    // Each photo is its own: the front's bytes are not the back's.
    expect(await bytesOf(galleryPhoto(created._id, after.photos![1]._id))).not.toEqual(original.body);
    // The cached route answers the same bytes a second time (from memory).
    expect(await bytesOf(galleryPhoto(created._id, back._id, '?size=card'))).toEqual(card.body);
  });

  it('refuses a photo without alt text, without a file, with unknown fields or of another type, and changes nothing', async () => {
    const created = await calls.created(productForm(shirts), images.jpeg);
    const missingAlt = await addPhoto(created._id, {}, swatches[0]).expect(400);
    expect(missingAlt.body.details).toEqual([{ field: 'alt', message: "alt (the photo's description) is required" }]);
    const blankAlt = await addPhoto(created._id, { alt: '   ' }, swatches[0]).expect(400);
    expect(blankAlt.body.details[0].field).toBe('alt');
    const noFile = await addPhoto(created._id, { alt: 'Front' }).expect(400);
    expect(noFile.body.details).toEqual([{ field: 'photo', message: 'Send the photo as a file in the "photo" field' }]);
    const unknown = await addPhoto(created._id, { alt: 'Front', colour: 'red' }, swatches[0]).expect(400);
    expect(unknown.body.error).toContain('the form takes alt, optionValue and photo');
    expect(unknown.body.details).toEqual([{ field: 'colour', message: 'is not a field of a new photo' }]);
    await addPhoto(created._id, { alt: 'Front' }, images.textNamedPng).expect(415);
    await addPhoto('00000000-0000-4000-8000-000000000000', { alt: 'Front' }, swatches[0]).expect(404);
    const customer = await signedInUser(t, Role.Customer);
    // No body: the role guard answers before a body is read, and the server then closes the connection, so a client
    // still writing an upload may see EPIPE instead of the answer (a race; products.e2e-spec.ts says the same).
    await addPhoto(created._id, {}, undefined, customer).expect(403);
    expect((await product(created._id)).photos).toHaveLength(1);
    expect((await product(created._id)).updatedAt).toBe(created.updatedAt);
  });

  it(`holds at most ${PRODUCT_PHOTOS_MAX} photos: the next is a 409 and changes nothing`, async () => {
    const created = await calls.created(productForm(shirts));
    for (let i = 0; i < PRODUCT_PHOTOS_MAX; i += 1) await added(created._id, `Photo ${i + 1}`, swatches[i]);
    const refused = await addPhoto(created._id, { alt: 'One too many' }, swatches[PRODUCT_PHOTOS_MAX]).expect(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', error: `A product has at most ${PRODUCT_PHOTOS_MAX} photos; remove one first` });
    const { photos } = await product(created._id);
    expect(photos!.map((photo) => photo.alt)).toEqual(Array.from({ length: PRODUCT_PHOTOS_MAX }, (_, i) => `Photo ${i + 1}`));
  });

  it('reorders the gallery and sets alt texts; the first-photo route (the grid card) follows at a new version', async () => {
    const created = await calls.created(productForm(shirts), swatches[0]);
    await added(created._id, 'Second', swatches[1]);
    const before = await added(created._id, 'Third', swatches[2]);
    const [a, b, c] = before.photos!;
    const cardOfC = await bytesOf(galleryPhoto(created._id, c._id, '?size=card'));
    // Warm the cache of the first photo, so the test also shows it is dropped.
    expect(await bytesOf(calls.photo(created._id, '?size=card'))).not.toEqual(cardOfC);

    const answer = await arrange(created._id, {
      photos: [
        { _id: c._id, alt: 'Third, now first' },
        { _id: a._id, alt: a.alt },
        { _id: b._id, alt: 'Second' },
      ],
    }).expect(200);
    const arranged = answer.body as Product;
    expect(arranged.photos).toEqual([
      { _id: c._id, alt: 'Third, now first', optionValue: null },
      { _id: a._id, alt: a.alt, optionValue: null },
      { _id: b._id, alt: 'Second', optionValue: null },
    ]);
    expect(arranged.updatedAt > before.updatedAt).toBe(true);
    expect(await bytesOf(calls.photo(created._id, '?size=card'))).toEqual(cardOfC);
    const listed = ((await calls.list(`?limit=100&category=${shirts._id}`).expect(200)).body as Product[]).find(
      (p) => p._id === created._id,
    );
    expect(listed?.updatedAt).toBe(arranged.updatedAt);
    expect(listed).not.toHaveProperty('photos');

    const entries = (
      await as(request(t.http).get(api(ApiRoute.audit, { userId: admin.user._id })))
        .query({ limit: 5 })
        .expect(200)
    ).body as AuditEntry[];
    expect(entries.find((entry) => entry.entity._id === created._id && entry.changes.photos)?.changes.photos.after).toEqual(
      arranged.photos,
    );
  });

  it('refuses an order that leaves a photo out, names one twice or names another product’s, and changes nothing', async () => {
    const created = await calls.created(productForm(shirts), swatches[0]);
    const { photos } = await added(created._id, 'Second', swatches[1]);
    const other = await calls.created(productForm(shirts), swatches[2]);
    const [a, b] = photos!;
    const foreign = (await product(other._id)).photos![0];
    for (const body of [
      { photos: [{ _id: a._id, alt: 'x' }] },
      { photos: [a, a] },
      { photos: [a, b, foreign] },
      { photos: [a, { _id: b._id, alt: '' }] },
      { photos: 'all' },
      {},
    ]) {
      const refused = await arrange(created._id, body).expect(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    const missing = await arrange(created._id, { photos: [b] }).expect(400);
    expect(missing.body.details).toEqual([{ field: 'photos', message: `${a._id} is missing` }]);
    expect((await product(created._id)).photos).toEqual(photos);
    // Another product's photo is not served under this product either.
    await galleryPhoto(created._id, foreign._id).expect(404);
  });

  it('removes a photo: the gallery closes the gap and its URL is a 404', async () => {
    const created = await calls.created(productForm(shirts), swatches[0]);
    await added(created._id, 'Second', swatches[1]);
    const { photos } = await added(created._id, 'Third', swatches[2]);
    await galleryPhoto(created._id, photos![1]._id, '?size=card').expect(200);
    const after = (await removePhoto(created._id, photos![1]._id).expect(200)).body as Product;
    expect(after.photos).toEqual([photos![0], photos![2]]);
    await galleryPhoto(created._id, photos![1]._id, '?size=card').expect(404);
    await removePhoto(created._id, photos![1]._id).expect(404);
    // Removing the first makes the next the product's first photo.
    await removePhoto(created._id, photos![0]._id).expect(200);
    expect(await bytesOf(calls.photo(created._id))).toEqual(await bytesOf(galleryPhoto(created._id, photos![2]._id)));
    const [{ positions }] = await t.dataSource.query(
      `SELECT array_agg(position ORDER BY position) AS positions FROM product_photos WHERE product_id = $1`,
      [created._id],
    );
    expect(positions).toEqual([1]);
  });

  it("replaces photo 1 with the form's photo field as a new photo, keeping its alt text and the rest of the gallery", async () => {
    const created = await calls.created(productForm(shirts), swatches[0]);
    await added(created._id, 'Second', swatches[1]);
    const { photos } = (
      await arrange(created._id, {
        photos: [...(await product(created._id)).photos!.map((photo, i) => ({ _id: photo._id, alt: i === 0 ? 'Navy front' : photo.alt }))],
      }).expect(200)
    ).body as Product;
    await calls.update(created._id, {}, swatches[3]).expect(200);
    const now = (await product(created._id)).photos!;
    expect(now).toHaveLength(2);
    expect(now[0]).toEqual({ _id: expect.any(String), alt: 'Navy front', optionValue: null });
    expect(now[0]._id).not.toBe(photos![0]._id);
    expect(now[1]).toEqual(photos![1]);
    await galleryPhoto(created._id, photos![0]._id).expect(404);
    expect(await bytesOf(calls.photo(created._id))).toEqual(await bytesOf(galleryPhoto(created._id, now[0]._id)));
  });

  it('deleting the product deletes its gallery', async () => {
    const created = await calls.created(productForm(shirts), swatches[0]);
    await added(created._id, 'Second', swatches[1]);
    await calls.remove(created._id).expect(200);
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM product_photos WHERE product_id = $1', [created._id]);
    expect(count).toBe(0);
  });

  describe('photos tied to a colour', () => {
    /** A Colour option on the product with the values given (the options' own API is the catalogue's). */
    const colours = async (productId: string, ...values: string[]): Promise<number[]> => {
      const [{ id: option }] = await t.dataSource.query(
        `INSERT INTO product_options (product_id, name, position) VALUES ($1, 'Colour', 0) RETURNING id`,
        [productId],
      );
      const ids: number[] = [];
      for (const [position, value] of values.entries()) {
        const [{ id }] = await t.dataSource.query(
          `INSERT INTO product_option_values (option_id, value, position) VALUES ($1, $2, $3) RETURNING id`,
          [option, value, position],
        );
        ids.push(id);
      }
      return ids;
    };

    it('ties a new photo to a colour of the product, and refuses another product’s value or a value that is not an id', async () => {
      const created = await calls.created(productForm(shirts), swatches[0]);
      const [navy, red] = await colours(created._id, 'Navy', 'Red');
      const other = await calls.created(productForm(shirts));
      const [foreign] = await colours(other._id, 'Green');
      const after = (await addPhoto(created._id, { alt: 'Navy front', optionValue: String(navy) }, swatches[1]).expect(201))
        .body as Product;
      expect(after.photos!.map((photo) => photo.optionValue)).toEqual([null, navy]);
      for (const optionValue of [String(foreign), 'navy', '-1', '1.5']) {
        const refused = await addPhoto(created._id, { alt: 'Nope', optionValue }, swatches[2]).expect(400);
        expect(refused.body.details[0].field).toBe('optionValue');
      }
      expect((await product(created._id)).photos).toEqual(after.photos);

      // Ordering ties and unties: the whole gallery with each photo's value.
      const [untied, tied] = after.photos!;
      const arranged = (
        await arrange(created._id, {
          photos: [
            { _id: tied._id, alt: tied.alt, optionValue: red },
            { _id: untied._id, alt: untied.alt },
          ],
        }).expect(200)
      ).body as Product;
      expect(arranged.photos!.map((photo) => [photo._id, photo.optionValue])).toEqual([
        [tied._id, red],
        [untied._id, null],
      ]);
      const refused = await arrange(created._id, {
        photos: [
          { _id: tied._id, alt: tied.alt, optionValue: foreign },
          { _id: untied._id, alt: untied.alt },
        ],
      }).expect(400);
      expect(refused.body.details).toEqual([{ field: 'photos', message: `${foreign} is not an option value of this product` }]);
      await arrange(created._id, { photos: [{ _id: tied._id, alt: tied.alt, optionValue: 'red' }, untied] }).expect(400);

      // Removing the colour unties its photos; they stay in the gallery.
      await t.dataSource.query(`DELETE FROM product_option_values WHERE id = $1`, [red]);
      expect((await product(created._id)).photos!.map((photo) => photo.optionValue)).toEqual([null, null]);
    });

    it("keeps photo 1's colour when the form's photo field replaces it", async () => {
      const created = await calls.created(productForm(shirts), swatches[0]);
      const [navy] = await colours(created._id, 'Navy');
      const [first] = (await product(created._id)).photos!;
      await arrange(created._id, { photos: [{ _id: first._id, alt: 'Navy', optionValue: navy }] }).expect(200);
      await calls.update(created._id, {}, swatches[1]).expect(200);
      expect((await product(created._id)).photos).toEqual([{ _id: expect.any(String), alt: 'Navy', optionValue: navy }]);
    });
  });

  // Last: it takes the schema down a step and back up.
  it('migrates without loss: photo 1 is the photo from before galleries, and the step down keeps it', async () => {
    const created = await calls.created(productForm(shirts), swatches[4]);
    const { photos } = await added(created._id, 'Second', swatches[5]);
    const [before] = await t.dataSource.query(`SELECT etag, card_etag FROM product_photos WHERE id = $1`, [photos![0]._id]);
    const [migration, tie] = [new ProductGallery1764000200000(), new PhotoOptionValues1764000210000()];
    const runner = t.dataSource.createQueryRunner();
    try {
      await tie.down(runner);
      await migration.down(runner);
      const rows = await runner.query(`SELECT etag, card_etag FROM product_photos WHERE product_id = $1`, [created._id]);
      expect(rows).toEqual([before]);
      await migration.up(runner);
      await tie.up(runner);
    } finally {
      await runner.release();
    }
    const migrated = (await product(created._id)).photos!;
    expect(migrated).toEqual([{ _id: expect.any(String), alt: `Photo of ${created.name}`, optionValue: null }]);
    const bytes = await bytesOf(calls.photo(created._id));
    expect(etagOf(bytes)).toBe(before.etag);
  });
});
