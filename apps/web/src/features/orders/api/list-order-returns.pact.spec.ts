import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { listOrderReturns } from './list-order-returns';

const interaction = describeStoreApi();

describe("an order's returns (buyer)", () => {
  it('lists the returns and exchanges of one of the buyer’s orders', () =>
    interaction(
      {
        given: ['a customer exists', 'the customer asked to exchange M for L on a shipped order'],
        uponReceiving: 'a request from the buyer for the returns of their order',
        request: ['GET', pathFromState(ApiRoute.orderReturns), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody([returnJson('exchange', 'requested')])],
      },
      async () => {
        const returns = await listOrderReturns(EXAMPLE.orderId);
        expect(returns.map((r) => [r._id, r.kind, r.status])).toEqual([[EXAMPLE.returnId, 'exchange', 'requested']]);
      },
    ));
});
