import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { ZIP_ENTRY, zipFile, zipUploadRequest } from '@test/pact/catalogue-photos-pact';
import { colourProductState, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { checkCataloguePhotos } from './check-catalogue-photos';

const { eachLike } = MatchersV3;

const interaction = describeStoreApi();

describe('catalogue photos by zip', () => {
  it('dry-runs a zip: what each photo would become, nothing written', () =>
    interaction(
      {
        given: ['an admin exists', colourProductState],
        uponReceiving: 'a dry run of a zip of photos named by handle and colour',
        request: ['POST', pathFromState(ApiRoute.cataloguePhotosCheck), zipUploadRequest()],
        response: [200, (response) => response.jsonBody({ photos: 1, products: 1, entries: eachLike(ZIP_ENTRY), errors: [], added: 0 })],
      },
      async () => {
        const report = await checkCataloguePhotos(zipFile());
        expect(report).toMatchObject({ photos: 1, products: 1, errors: [], added: 0 });
        expect(report.entries).toEqual([
          {
            file: 'classic-tee+blue.png',
            product: EXAMPLE.productId,
            handle: 'classic-tee',
            optionValue: 3,
            colour: 'Blue',
            alt: 'Classic Tee in Blue',
          },
        ]);
      },
    ));
});
