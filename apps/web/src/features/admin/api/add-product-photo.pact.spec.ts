import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode, GalleryRoute } from '@store/contract';
import {
  anId,
  describeStoreApi,
  errorBody,
  EXAMPLE,
  EXAMPLE_GALLERY,
  EXAMPLE_PRODUCT,
  galleryJson,
  idFromState,
  multipartRequest,
  pathFromState,
  photoFile,
  productJson,
} from '@test/pact/store-api-pact';
import { addProductPhoto } from './add-product-photo';

const interaction = describeStoreApi();
const NEW_PHOTO_ID = '5f0c1a2e-6666-4b7a-9c3e-000000000008';

describe('product gallery administration', () => {
  it('adds a photo with its alt text at the end of the gallery (multipart)', () =>
    interaction(
      {
        given: ['an admin exists', 'a product with a gallery of two photos exists'],
        uponReceiving: 'a multipart request from an admin to add a photo with its alt text to a gallery',
        request: ['POST', pathFromState(GalleryRoute.productPhotos), multipartRequest({ alt: 'Classic Tee, folded' }, { photo: true })],
        response: [
          201,
          (response) =>
            response.jsonBody({
              ...productJson({ _id: idFromState('productId'), category: idFromState('categoryId') }),
              photos: [...galleryJson(), { _id: anId(NEW_PHOTO_ID), alt: MatchersV3.string('Classic Tee, folded'), optionValue: null }],
            }),
        ],
      },
      async () => {
        await expect(addProductPhoto(EXAMPLE.productId, { photo: photoFile(), alt: 'Classic Tee, folded' })).resolves.toEqual({
          ...EXAMPLE_PRODUCT,
          photos: [...EXAMPLE_GALLERY, { _id: NEW_PHOTO_ID, alt: 'Classic Tee, folded', optionValue: null }],
        });
      },
    ));

  it('is refused with an empty alt text', () =>
    interaction(
      {
        given: ['an admin exists', 'a product with a gallery of two photos exists'],
        uponReceiving: 'a multipart request from an admin to add a photo with an empty alt text',
        request: ['POST', pathFromState(GalleryRoute.productPhotos), multipartRequest({ alt: '' }, { photo: true })],
        response: [
          400,
          (response) =>
            response.jsonBody(errorBody(ErrorCode.ValidationFailed, "alt (the photo's description) must be 1 to 200 characters")),
        ],
      },
      async () => {
        await expect(addProductPhoto(EXAMPLE.productId, { photo: photoFile(), alt: '' })).rejects.toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      },
    ));
});
