import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { catalogueCsv, csvFile, csvUploadRequest, GOOD_ROW } from '@test/pact/catalogue-csv-pact';
import { anId, anInstant, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { startCatalogueImport } from './start-catalogue-import';

const { integer, regex } = MatchersV3;

const interaction = describeStoreApi();

const csv = catalogueCsv(GOOD_ROW);

describe('catalogue transfer', () => {
  it('starts an import of a checked file', () =>
    interaction(
      {
        given: ['an admin exists', ['a category named {name} exists', { name: 'Graphic Tees' }]],
        uponReceiving: 'a request from an admin to import a catalogue CSV',
        request: ['POST', pathFromState(ApiRoute.catalogueImportStart), csvUploadRequest(csv)],
        // The job may already have moved on by the time it is answered: its counts are matched by type.
        response: [
          202,
          (response) =>
            response.jsonBody({
              _id: anId(EXAMPLE.importId),
              status: regex('^(running|done)$', 'running'),
              rows: integer(1),
              products: integer(1),
              batches: integer(1),
              batchesDone: integer(0),
              created: integer(0),
              updated: integer(0),
              unchanged: integer(0),
              createdAt: anInstant(),
            }),
        ],
      },
      async () => {
        const job = await startCatalogueImport(csvFile(csv));
        expect(job).toMatchObject({ _id: EXAMPLE.importId, status: 'running', rows: 1, products: 1 });
      },
    ));
});
