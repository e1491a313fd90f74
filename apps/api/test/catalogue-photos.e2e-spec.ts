import { ApiRoute, GalleryRoute, type Product, Role, type Session } from '@store/contract';
import { CATALOGUE_PHOTOS_MAX, type CataloguePhotosReport } from '@store/contract/dto/catalogue-photos';
import sharp from 'sharp';
import request from 'supertest';
import { renderTeePhoto } from '../src/database/seed/tee-photo.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { zipOf } from './fixtures/zip.js';
import { encodeForm } from './support/one-write-form.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

const NAVY = { color: '#1f3a5f', ink: '#ffffff', print: 'star' } as const;
const WHITE = { color: '#ffffff', ink: '#1f3a5f', print: 'star' } as const;

/** Photos by zip end to end: names by handle or SKU and colour, the dry run's report, the import, its checks. */
describe('catalogue photos by zip (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let crew: Product;
  let tote: Product;
  let jpeg: Buffer;
  let png: Buffer;
  let white: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, Role.Admin);
    const calls = productCalls(t, () => admin);
    const category = await calls.category('Zip Tees');
    const { stock: _stock, ...form } = productForm(category, { name: 'Crew Tee' });
    crew = await calls.created({
      ...form,
      options: JSON.stringify([
        {
          name: 'Colour',
          values: [
            { value: 'Navy', swatch: '#1f3a5f' },
            { value: 'White', swatch: '#ffffff' },
          ],
        },
        { name: 'Size', values: [{ value: 'S' }, { value: 'M' }] },
      ]),
      variants: JSON.stringify(
        ['Navy', 'White'].flatMap((colour) =>
          ['S', 'M'].map((size) => ({ options: [colour, size], stock: 3, sku: `CREW-${colour}-${size}` })),
        ),
      ),
    });
    tote = await calls.created(productForm(category, { name: 'Plain Tote' }));
    [jpeg, png, white] = await Promise.all([renderTeePhoto(NAVY), renderTeePhoto(NAVY, { format: 'png' }), renderTeePhoto(WHITE)]);
  });
  afterAll(() => t.close());

  const send = (route: string, zip: Buffer) =>
    request(t.http)
      .post(api(route, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .attach('file', zip, { filename: 'photos.zip', contentType: 'application/zip' });
  const dryRun = (zip: Buffer) => send(ApiRoute.cataloguePhotosCheck, zip);
  const importZip = (zip: Buffer) => send(ApiRoute.cataloguePhotosImport, zip);
  const galleryOf = async (product: Product) =>
    (
      (
        await request(t.http)
          .get(api(ApiRoute.product, { productId: product._id }))
          .expect(200)
      ).body as Product
    ).photos!;
  const colourId = (name: string) => crew.options![0].values.find((v) => v.value === name)!._id;

  it('a dry run says what each file becomes and what is wrong with every other, writing nothing; the import refuses it whole', async () => {
    const zip = zipOf([
      { name: 'crew-tee.jpg', data: jpeg },
      { name: 'photos/crew-tee+navy.png', data: png, stored: true },
      { name: 'crew-tee+NAVY+back.jpg', data: jpeg },
      { name: 'CREW-White-M.jpg', data: white },
      { name: 'plain-tote.jpg', data: jpeg },
      { name: 'plain-tote+red.jpg', data: jpeg },
      { name: 'crew-tee+green.jpg', data: jpeg },
      { name: 'nobody.jpg', data: jpeg },
      { name: 'crew-tee.txt', data: jpeg },
      { name: 'crew-tee+white.jpg', data: Buffer.from('not a photo at all') },
      { name: 'crew-tee+white+huge.jpg', data: jpeg, declaredSize: 4 * 1024 * 1024 },
      { name: '__MACOSX/._crew-tee.jpg', data: Buffer.from('resource fork') },
      { name: '.DS_Store', data: Buffer.from('finder') },
    ]);
    const report = (await dryRun(zip).expect(200)).body as CataloguePhotosReport;
    expect(report.errors).toEqual([
      { file: 'crew-tee+green.jpg', message: 'Crew Tee has no colour "green" (it has Navy, White)' },
      { file: 'crew-tee+white+huge.jpg', message: 'The photo is 4.0 MB; a photo may be at most 3 MB' },
      { file: 'crew-tee+white.jpg', message: 'The file is not a JPEG, PNG, WebP or GIF image' },
      { file: 'crew-tee.txt', message: 'The name must end in .jpg, .jpeg, .png, .webp, .gif' },
      { file: 'nobody.jpg', message: 'No product has the handle or SKU "nobody"' },
      { file: 'plain-tote+red.jpg', message: 'Plain Tote has no colour option' },
    ]);
    expect(report.entries).toEqual([
      {
        file: 'CREW-White-M.jpg',
        product: crew._id,
        handle: 'crew-tee',
        optionValue: colourId('White'),
        colour: 'White',
        alt: 'Crew Tee in White',
      },
      {
        file: 'crew-tee+NAVY+back.jpg',
        product: crew._id,
        handle: 'crew-tee',
        optionValue: colourId('Navy'),
        colour: 'Navy',
        alt: 'Crew Tee in Navy',
      },
      { file: 'crew-tee.jpg', product: crew._id, handle: 'crew-tee', optionValue: null, colour: null, alt: 'Photo of Crew Tee' },
      {
        file: 'photos/crew-tee+navy.png',
        product: crew._id,
        handle: 'crew-tee',
        optionValue: colourId('Navy'),
        colour: 'Navy',
        alt: 'Crew Tee in Navy',
      },
      { file: 'plain-tote.jpg', product: tote._id, handle: 'plain-tote', optionValue: null, colour: null, alt: 'Photo of Plain Tote' },
    ]);
    expect(report).toMatchObject({ photos: 11, products: 2, added: 0 });

    const refused = await importZip(zip).expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', error: "6 of the zip's files cannot be imported; nothing was added" });
    expect(refused.body.details).toContainEqual({ field: 'nobody.jpg', message: 'No product has the handle or SKU "nobody"' });
    expect(await galleryOf(crew)).toEqual([]);
    expect(await galleryOf(tote)).toEqual([]);
  });

  it("imports a good zip: each photo re-encoded into its product's gallery, tied to its colour, audited", async () => {
    const zip = zipOf([
      { name: 'crew-tee+navy.png', data: png },
      { name: 'CREW-WHITE-S.jpg', data: white },
      { name: 'plain-tote.jpg', data: jpeg },
    ]);
    expect(((await dryRun(zip).expect(200)).body as CataloguePhotosReport).errors).toEqual([]);
    const report = (await importZip(zip).expect(200)).body as CataloguePhotosReport;
    expect(report).toMatchObject({ photos: 3, products: 2, added: 3, errors: [] });

    const gallery = await galleryOf(crew);
    expect(gallery).toEqual([
      { _id: expect.any(String), alt: 'Crew Tee in White', optionValue: colourId('White') },
      { _id: expect.any(String), alt: 'Crew Tee in Navy', optionValue: colourId('Navy') },
    ]);
    expect(await galleryOf(tote)).toEqual([{ _id: expect.any(String), alt: 'Photo of Plain Tote', optionValue: null }]);
    // Through the photo pipeline: the stored PNG is re-encoded, the card a 600 px WebP.
    const card = await request(t.http)
      .get(`${api(GalleryRoute.productGalleryPhoto, { productId: crew._id, photoId: gallery[1]._id })}?size=card`)
      .expect(200);
    expect(await sharp(card.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 600 });
    const audits = (await t.dataSource.query(
      `SELECT changes FROM audit_log WHERE action = 'product.update' AND entity_id = $1 ORDER BY at DESC LIMIT 1`,
      [crew._id],
    )) as [{ changes: { photos: { before: unknown[]; after: unknown[] } } }];
    expect(audits[0].changes.photos.after).toHaveLength(2);
  });

  it('refuses a photo that will not decode (nothing added), a file that is not a zip, too many photos, and a full gallery', async () => {
    const before = await galleryOf(tote);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const broken = await importZip(
      zipOf([
        { name: 'plain-tote++x.jpg', data: jpeg },
        { name: 'plain-tote++y.jpg', data: truncated },
      ]),
    ).expect(400);
    expect(broken.body.details).toEqual([{ field: 'plain-tote++y.jpg', message: expect.any(String) }]);
    expect(await galleryOf(tote)).toEqual(before);

    const notZip = await dryRun(Buffer.from('plain text, no zip')).expect(400);
    expect(notZip.body.details).toEqual([{ field: 'file', message: 'is not a zip archive' }]);
    const many = zipOf(
      Array.from({ length: CATALOGUE_PHOTOS_MAX + 1 }, (_, i) => ({ name: `plain-tote++${i}.jpg`, data: jpeg, stored: true })),
    );
    expect((await dryRun(many).expect(400)).body.details).toEqual([
      { field: 'file', message: `holds more than ${CATALOGUE_PHOTOS_MAX} photos` },
    ]);

    // The tote has one photo: 11 more fit, the 12th file past the cap is named.
    const full = zipOf(
      Array.from({ length: 12 }, (_, i) => ({ name: `plain-tote++${String(i).padStart(2, '0')}.jpg`, data: jpeg, stored: true })),
    );
    const report = (await dryRun(full).expect(200)).body as CataloguePhotosReport;
    expect(report.entries).toHaveLength(11);
    expect(report.errors).toEqual([{ file: 'plain-tote++11.jpg', message: 'Plain Tote would have more than 12 photos' }]);
  });

  it('is for staff: 401 without a session, 403 for a customer', async () => {
    // The form goes out in one write with its headers: the guards answer before the body is read (support/one-write-form.ts).
    const form = await encodeForm({}, [{ field: 'file', filename: 'photos.zip', bytes: zipOf([{ name: 'plain-tote.jpg', data: jpeg }]) }]);
    await request(t.http)
      .post(api(ApiRoute.cataloguePhotosCheck, { userId: admin.user._id }))
      .set('Content-Type', form.contentType)
      .send(form.body)
      .expect(401);
    const customer = await signedInUser(t);
    await request(t.http)
      .post(api(ApiRoute.cataloguePhotosImport, { userId: customer.user._id }))
      .set('Authorization', `Bearer ${customer.token}`)
      .set('Content-Type', form.contentType)
      .send(form.body)
      .expect(403);
  });
});
