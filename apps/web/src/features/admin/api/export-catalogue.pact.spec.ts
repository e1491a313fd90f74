import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, pathFromState } from '@test/pact/store-api-pact';
import { exportCatalogue } from './export-catalogue';

const { regex } = MatchersV3;

const interaction = describeStoreApi();

describe('catalogue transfer', () => {
  it('exports the catalogue as CSV', () =>
    interaction(
      {
        given: ['an admin exists', ['a product priced {price} with {stock} in stock exists', { price: 19.99, stock: 5 }]],
        uponReceiving: 'a request from an admin for the catalogue as CSV',
        request: ['GET', pathFromState(ApiRoute.catalogueExport), (request) => request.headers({ ...bearer(), Accept: 'text/csv' })],
        // The rows are the API's e2e tests' business; the contract is the call and that a CSV file comes back.
        response: [
          200,
          (response) =>
            response.headers({
              'Content-Type': regex('^text/csv(;.*)?$', 'text/csv; charset=utf-8'),
              'Content-Disposition': 'attachment; filename="catalogue.csv"',
            }),
        ],
      },
      async () => {
        const file = await exportCatalogue();
        expect(file.type).toMatch(/^text\/csv/);
      },
    ));
});
