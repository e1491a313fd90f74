import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { listReturns } from './list-returns';

const interaction = describeStoreApi();

describe('returns (admin)', () => {
  it('lists the newest returns and exchanges', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'exchange', status: 'requested' }],
        ],
        uponReceiving: 'a request from an admin for the returns and exchanges',
        request: ['GET', pathFromState(ApiRoute.returnsAll), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody([returnJson('exchange', 'requested')])],
      },
      async () => {
        expect((await listReturns()).map((r) => r._id)).toEqual([EXAMPLE.returnId]);
      },
    ));
});
