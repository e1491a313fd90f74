import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, pathFromState } from '@test/pact/store-api-pact';
import { exportOrders } from './export-orders';

const { regex } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration', () => {
  it('exports the orders of a date range as CSV', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin for the CSV export of a date range',
        request: [
          'GET',
          pathFromState(ApiRoute.ordersExport),
          (request) => request.headers({ ...bearer(), Accept: 'text/csv' }).query({ from: '2020-01-01', to: '2099-12-31' }),
        ],
        // The CSV's rows are the API's e2e tests' business; the contract is the call and that a CSV file comes back.
        response: [
          200,
          (response) =>
            response.headers({
              'Content-Type': regex('^text/csv(;.*)?$', 'text/csv; charset=utf-8'),
              'Content-Disposition': 'attachment; filename="orders-from-2020-01-01-to-2099-12-31.csv"',
            }),
        ],
      },
      async () => {
        const file = await exportOrders({ from: '2020-01-01', to: '2099-12-31' });
        expect(file.type).toMatch(/^text\/csv/);
      },
    ));
});
