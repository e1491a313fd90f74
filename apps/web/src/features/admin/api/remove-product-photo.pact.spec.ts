import { MatchersV3 } from '@pact-foundation/pact';
import { GalleryRoute } from '@store/contract';
import {
  bearer,
  describeStoreApi,
  EXAMPLE,
  EXAMPLE_GALLERY,
  EXAMPLE_PRODUCT,
  idFromState,
  pathFromState,
  productJson,
} from '@test/pact/store-api-pact';
import { removeProductPhoto } from './remove-product-photo';

const interaction = describeStoreApi();

describe('product gallery administration', () => {
  it('removes one photo of a gallery', () =>
    interaction(
      {
        given: ['an admin exists', 'a product with a gallery of two photos exists'],
        uponReceiving: 'a request from an admin to remove the second photo of a gallery',
        request: ['DELETE', pathFromState(GalleryRoute.productPhotoDelete), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...productJson({ _id: idFromState('productId'), category: idFromState('categoryId') }),
              photos: [{ _id: idFromState('firstPhotoId'), alt: MatchersV3.string('Photo of Classic Tee'), optionValue: null }],
            }),
        ],
      },
      async () => {
        await expect(removeProductPhoto(EXAMPLE.productId, EXAMPLE.photoId)).resolves.toEqual({
          ...EXAMPLE_PRODUCT,
          photos: [EXAMPLE_GALLERY[0]],
        });
      },
    ));
});
