import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anId, bearer, describeStoreApi, EXAMPLE, exampleOrder, orderJson, pageHeaders, pathFromState } from '@test/pact/store-api-pact';
import { listOrders } from './list-orders';

const { eachLike } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration', () => {
  it('lists the first page of orders for an admin, filtered by status', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin for the first page of Received orders',
        request: [
          'GET',
          pathFromState(ApiRoute.ordersAll),
          (request) => request.headers(bearer()).query({ limit: '50', status: 'Received' }),
        ],
        response: [
          200,
          (response) => response.headers(pageHeaders()).jsonBody(eachLike(orderJson({ _id: anId(EXAMPLE.orderId), status: 'Received' }))),
        ],
      },
      async () => {
        await expect(listOrders({ status: 'Received' }, { limit: 50 })).resolves.toEqual({
          orders: [exampleOrder('Received')],
          total: 1,
          capped: false,
          after: undefined,
        });
      },
    ));
});
