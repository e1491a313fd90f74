import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, pageHeaders, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { listReturns } from './list-returns';

const interaction = describeStoreApi();

describe('returns (admin)', () => {
  it('lists the first page of the returns and exchanges', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'exchange', status: 'requested' }],
        ],
        uponReceiving: 'a request from an admin for the first page of the returns and exchanges',
        request: ['GET', pathFromState(ApiRoute.returnsAll), (request) => request.headers(bearer()).query({ limit: '50' })],
        response: [200, (response) => response.headers(pageHeaders()).jsonBody([returnJson('exchange', 'requested')])],
      },
      async () => {
        const page = await listReturns(undefined, { limit: 50 });
        expect(page.returns.map((r) => r._id)).toEqual([EXAMPLE.returnId]);
        expect(page).toMatchObject({ total: 1, after: undefined });
      },
    ));
});
