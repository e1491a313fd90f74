import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { ZIP_ENTRY, zipFile, zipUploadRequest } from '@test/pact/catalogue-photos-pact';
import { colourProductState, describeStoreApi, pathFromState } from '@test/pact/store-api-pact';
import { importCataloguePhotos } from './import-catalogue-photos';

const { eachLike } = MatchersV3;

const interaction = describeStoreApi();

describe('catalogue photos by zip', () => {
  it("adds a zip's photos to the galleries", () =>
    interaction(
      {
        given: ['an admin exists', colourProductState],
        uponReceiving: 'a request from an admin to add a zip of photos named by handle and colour',
        request: ['POST', pathFromState(ApiRoute.cataloguePhotosImport), zipUploadRequest()],
        response: [200, (response) => response.jsonBody({ photos: 1, products: 1, entries: eachLike(ZIP_ENTRY), errors: [], added: 1 })],
      },
      async () => {
        const report = await importCataloguePhotos(zipFile());
        expect(report).toMatchObject({ photos: 1, products: 1, added: 1, entries: [{ colour: 'Blue', alt: 'Classic Tee in Blue' }] });
      },
    ));
});
