import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { receiveReturn } from './receive-return';

const interaction = describeStoreApi();

describe('receiving a return (admin)', () => {
  it('receives an approved exchange’s items back on sale', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'exchange', status: 'approved' }],
        ],
        uponReceiving: 'a request from an admin to receive the items of an approved exchange back on sale',
        request: ['POST', pathFromState(ApiRoute.returnReceive), (request) => request.headers(bearer()).jsonBody({ restock: true })],
        response: [200, (response) => response.jsonBody(returnJson('exchange', 'received', { restocked: true }))],
      },
      async () => {
        expect(await receiveReturn(EXAMPLE.returnId, true)).toMatchObject({ status: 'received', restocked: true });
      },
    ));
});
