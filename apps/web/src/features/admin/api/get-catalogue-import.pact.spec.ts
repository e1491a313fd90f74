import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anInstant, bearer, describeStoreApi, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { getCatalogueImport } from './get-catalogue-import';

const { integer } = MatchersV3;

const interaction = describeStoreApi();

describe('catalogue transfer', () => {
  it("reads a finished import's progress", () =>
    interaction(
      {
        given: ['an admin exists', 'a catalogue import of one product has finished'],
        uponReceiving: 'a request from an admin for the progress of an import',
        request: ['GET', pathFromState(ApiRoute.catalogueImport), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              _id: idFromState('importId'),
              status: 'done',
              rows: integer(1),
              products: integer(1),
              batches: integer(1),
              batchesDone: integer(1),
              created: integer(1),
              updated: integer(0),
              unchanged: integer(0),
              createdAt: anInstant(),
              finishedAt: anInstant(),
            }),
        ],
      },
      async () => {
        await expect(getCatalogueImport(EXAMPLE.importId)).resolves.toMatchObject({
          _id: EXAMPLE.importId,
          status: 'done',
          batchesDone: 1,
        });
      },
    ));
});
