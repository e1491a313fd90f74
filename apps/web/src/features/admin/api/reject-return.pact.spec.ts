import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { rejectReturn } from './reject-return';

const interaction = describeStoreApi();

describe('rejecting a return (admin)', () => {
  it('rejects a requested exchange (its held size goes back on sale)', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'exchange', status: 'requested' }],
        ],
        uponReceiving: 'a request from an admin to reject a requested exchange',
        request: ['POST', pathFromState(ApiRoute.returnReject), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody(returnJson('exchange', 'rejected'))],
      },
      async () => {
        expect((await rejectReturn(EXAMPLE.returnId)).status).toBe('rejected');
      },
    ));
});
