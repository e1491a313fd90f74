import { MatchersV3 } from '@pact-foundation/pact';
import { GalleryRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, EXAMPLE_PRODUCT, idFromState, pathFromState, productJson } from '@test/pact/store-api-pact';
import { arrangeProductPhotos } from './arrange-product-photos';

const interaction = describeStoreApi();

describe('product gallery administration', () => {
  it('puts the gallery in a new order with new alt texts', () =>
    interaction(
      {
        given: ['an admin exists', 'a product with a gallery of two photos exists'],
        uponReceiving: 'a request from an admin to put a gallery in a new order',
        request: [
          'PUT',
          pathFromState(GalleryRoute.productPhotos),
          (request) =>
            request.headers(bearer()).jsonBody({
              photos: [
                { _id: idFromState('photoId'), alt: 'Classic Tee, back', optionValue: null },
                { _id: idFromState('firstPhotoId'), alt: 'Classic Tee, front', optionValue: null },
              ],
            }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...productJson({ _id: idFromState('productId'), category: idFromState('categoryId') }),
              photos: [
                { _id: idFromState('photoId'), alt: MatchersV3.string('Classic Tee, back'), optionValue: null },
                { _id: idFromState('firstPhotoId'), alt: MatchersV3.string('Classic Tee, front'), optionValue: null },
              ],
            }),
        ],
      },
      async () => {
        const photos = [
          { _id: EXAMPLE.photoId, alt: 'Classic Tee, back', optionValue: null },
          { _id: EXAMPLE.firstPhotoId, alt: 'Classic Tee, front', optionValue: null },
        ];
        await expect(arrangeProductPhotos(EXAMPLE.productId, { photos })).resolves.toEqual({ ...EXAMPLE_PRODUCT, photos });
      },
    ));
});
