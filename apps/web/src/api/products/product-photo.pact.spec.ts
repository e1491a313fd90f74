import { ApiRoute, GalleryRoute, PRODUCT_PHOTO_CARD_SIZE, PRODUCT_PHOTO_LARGE_SIZE } from '@store/contract';
import { CARD_PHOTO, describeStoreApi, EXAMPLE, LARGE_PHOTO, pathFromState, PHOTO } from '@test/pact/store-api-pact';
import { galleryPhotoUrl } from './gallery-photo-url';
import { productPhotoUrl } from './product-photo';

const interaction = describeStoreApi({ signedIn: false });

/** The browser loads these URLs in `<img>` elements; here `fetch` plays the browser. */
async function loadImage(url: string): Promise<{ contentType: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('product photos', () => {
  it('serves the photo as uploaded', () =>
    interaction(
      {
        given: ['a product with a photo exists'],
        uponReceiving: 'a request for the photo of a product',
        request: ['GET', pathFromState(ApiRoute.productPhoto)],
        response: [200, (response) => response.body(PHOTO.contentType, PHOTO.bytes)],
      },
      async () => {
        await expect(loadImage(productPhotoUrl(EXAMPLE.productId))).resolves.toEqual({
          contentType: PHOTO.contentType,
          bytes: PHOTO.bytes,
        });
      },
    ));

  it.each([
    ['the small card photo the product grid shows', 'the card-size photo', PRODUCT_PHOTO_CARD_SIZE, CARD_PHOTO],
    ['the large photo the product page shows', 'the large photo', PRODUCT_PHOTO_LARGE_SIZE, LARGE_PHOTO],
  ] as const)('serves %s', (_, what, size, example) =>
    interaction(
      {
        given: ['a product with a photo exists'],
        uponReceiving: `a request for ${what} of a product`,
        request: ['GET', pathFromState(ApiRoute.productPhoto), (request) => request.query({ size })],
        response: [200, (response) => response.body(example.contentType, example.bytes)],
      },
      async () => {
        const photo = await loadImage(productPhotoUrl(EXAMPLE.productId, { size }));
        expect(photo).toEqual({ contentType: example.contentType, bytes: example.bytes });
      },
    ),
  );

  it('serves one photo of a gallery, large (the product page)', () =>
    interaction(
      {
        given: ['a product with a gallery of two photos exists'],
        uponReceiving: 'a request for the large variant of the second photo of a gallery',
        request: ['GET', pathFromState(GalleryRoute.productGalleryPhoto), (request) => request.query({ size: PRODUCT_PHOTO_LARGE_SIZE })],
        response: [200, (response) => response.body(LARGE_PHOTO.contentType, LARGE_PHOTO.bytes)],
      },
      async () => {
        const photo = await loadImage(galleryPhotoUrl(EXAMPLE.productId, EXAMPLE.photoId, { size: PRODUCT_PHOTO_LARGE_SIZE }));
        expect(photo).toEqual({ contentType: LARGE_PHOTO.contentType, bytes: LARGE_PHOTO.bytes });
      },
    ));
});
