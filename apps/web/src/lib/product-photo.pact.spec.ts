import { ApiRoute, PRODUCT_PHOTO_CARD_SIZE, PRODUCT_PHOTO_LARGE_SIZE } from '@store/contract';
import {
  CARD_PHOTO,
  EXAMPLE,
  LARGE_PHOTO,
  PHOTO,
  pathFromState,
  resetApiClient,
  storeApiPact,
  useMockServer,
} from '@test/pact/store-api-pact';
import { productPhotoUrl } from './product-photo';

const pact = storeApiPact();
afterEach(resetApiClient);

/** The browser loads these URLs in `<img>` elements; here `fetch` plays the browser. */
async function loadImage(url: string): Promise<{ contentType: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('product photos', () => {
  it('serves the photo as uploaded', () =>
    pact
      .addInteraction()
      .given('a product with a photo exists')
      .uponReceiving('a request for the photo of a product')
      .withRequest('GET', pathFromState(ApiRoute.productPhoto))
      .willRespondWith(200, (response) => response.body(PHOTO.contentType, PHOTO.bytes))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(loadImage(productPhotoUrl(EXAMPLE.productId))).resolves.toEqual({
          contentType: PHOTO.contentType,
          bytes: PHOTO.bytes,
        });
      }));

  it('serves the small card photo the product grid shows', () =>
    pact
      .addInteraction()
      .given('a product with a photo exists')
      .uponReceiving('a request for the card-size photo of a product')
      .withRequest('GET', pathFromState(ApiRoute.productPhoto), (request) => request.query({ size: PRODUCT_PHOTO_CARD_SIZE }))
      .willRespondWith(200, (response) => response.body(CARD_PHOTO.contentType, CARD_PHOTO.bytes))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        const card = await loadImage(productPhotoUrl(EXAMPLE.productId, { size: PRODUCT_PHOTO_CARD_SIZE }));
        expect(card).toEqual({ contentType: CARD_PHOTO.contentType, bytes: CARD_PHOTO.bytes });
      }));

  it('serves the large photo the product page shows', () =>
    pact
      .addInteraction()
      .given('a product with a photo exists')
      .uponReceiving('a request for the large photo of a product')
      .withRequest('GET', pathFromState(ApiRoute.productPhoto), (request) => request.query({ size: PRODUCT_PHOTO_LARGE_SIZE }))
      .willRespondWith(200, (response) => response.body(LARGE_PHOTO.contentType, LARGE_PHOTO.bytes))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        const large = await loadImage(productPhotoUrl(EXAMPLE.productId, { size: PRODUCT_PHOTO_LARGE_SIZE }));
        expect(large).toEqual({ contentType: LARGE_PHOTO.contentType, bytes: LARGE_PHOTO.bytes });
      }));
});
