import { ApiRoute, PRODUCT_PHOTO_CARD_SIZE } from '@store/contract';
import { CARD_PHOTO, describeStoreApi, EXAMPLE, pathFromState, PHOTO } from '@test/pact/store-api-pact';
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

  it('serves the small card photo the product grid shows', () =>
    interaction(
      {
        given: ['a product with a photo exists'],
        uponReceiving: 'a request for the card-size photo of a product',
        request: ['GET', pathFromState(ApiRoute.productPhoto), (request) => request.query({ size: PRODUCT_PHOTO_CARD_SIZE })],
        response: [200, (response) => response.body(CARD_PHOTO.contentType, CARD_PHOTO.bytes)],
      },
      async () => {
        const card = await loadImage(productPhotoUrl(EXAMPLE.productId, { size: PRODUCT_PHOTO_CARD_SIZE }));
        expect(card).toEqual({ contentType: CARD_PHOTO.contentType, bytes: CARD_PHOTO.bytes });
      },
    ));
});
