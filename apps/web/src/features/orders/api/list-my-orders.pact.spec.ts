import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import {
  addressJson,
  ANY_STATUS,
  anId,
  EXAMPLE_ADDRESS,
  bearer,
  describeStoreApi,
  EXAMPLE,
  exampleOrder,
  orderJson,
  pageHeaders,
  pathFromState,
} from '@test/pact/store-api-pact';
import { listMyOrders } from './list-my-orders';

const { eachLike, regex } = MatchersV3;

const interaction = describeStoreApi();

describe('orders', () => {
  // The first page of the buyer's orders: a plain order, and one that ships to an address (the history shows it).
  it.each([
    {
      title: "lists the signed-in buyer's own orders, a page at a time",
      state: 'the customer has paid for an order',
      uponReceiving: "a request for the first page of the signed-in customer's orders",
      address: undefined,
    },
    {
      title: "lists the signed-in buyer's orders with their addresses",
      state: 'the customer has paid for an order shipped to an address',
      uponReceiving: "a request for the signed-in customer's orders, which ship to an address",
      address: EXAMPLE_ADDRESS,
    },
  ])('$title', ({ state, uponReceiving, address }) =>
    interaction(
      {
        given: ['a customer exists', state],
        uponReceiving,
        request: ['GET', pathFromState(ApiRoute.ordersOfUser), (request) => request.headers(bearer()).query({ limit: '50' })],
        response: [
          200,
          (response) =>
            response.headers(pageHeaders()).jsonBody(
              eachLike({
                ...orderJson({ _id: anId(EXAMPLE.orderId), status: regex(ANY_STATUS, 'Received') }),
                ...(address ? { shippingAddress: addressJson() } : {}),
              }),
            ),
        ],
      },
      async () => {
        await expect(listMyOrders({ limit: 50 })).resolves.toEqual({
          orders: [address ? { ...exampleOrder('Received'), shippingAddress: address } : exampleOrder('Received')],
          total: 1,
          after: undefined,
        });
      },
    ),
  );
});
