import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ORDER_STATUSES, type Order } from '@store/contract';
import {
  anId,
  anInstant,
  bearer,
  EXAMPLE,
  idFromState,
  pathFromState,
  resetApiClient,
  signedInAs,
  storeApiPact,
  useMockServer,
} from '@test/pact/store-api-pact';
import { listAllOrders, updateOrderStatus } from './orders';

const { eachLike, integer, number, regex, string } = MatchersV3;

const pact = storeApiPact();
afterEach(resetApiClient);

beforeEach(() => signedInAs());
const ANY_STATUS = `^(${ORDER_STATUSES.join('|')})$`;

/** An order as the API answers it, with the given id and status matchers. */
function orderJson(ids: { _id: unknown; status: unknown }) {
  return {
    _id: ids._id,
    user: { _id: anId(EXAMPLE.userId), name: string('Sam Shopper') },
    products: eachLike({ product: anId(EXAMPLE.productId), name: string('Classic Tee'), price: number(19.99), count: integer(1) }),
    amount: number(19.99),
    transactionId: string('k3j9x2p1'),
    status: ids.status,
    createdAt: anInstant(),
  };
}

const exampleOrder = (status: Order['status']): Order => ({
  _id: EXAMPLE.orderId,
  user: { _id: EXAMPLE.userId, name: 'Sam Shopper' },
  products: [{ product: EXAMPLE.productId, name: 'Classic Tee', price: 19.99, count: 1 }],
  amount: 19.99,
  transactionId: 'k3j9x2p1',
  status,
  createdAt: EXAMPLE.createdAt,
});

describe('order administration', () => {
  it('lists every order for an admin', () =>
    pact
      .addInteraction()
      .given('an admin exists')
      .given('a customer has paid for an order')
      .uponReceiving('a request from an admin for all orders')
      .withRequest('GET', pathFromState(ApiRoute.ordersAll), (request) => request.headers(bearer()))
      .willRespondWith(200, (response) =>
        response.jsonBody(eachLike(orderJson({ _id: anId(EXAMPLE.orderId), status: regex(ANY_STATUS, 'Received') }))),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(listAllOrders()).resolves.toEqual([exampleOrder('Received')]);
      }));

  it('moves an order to its next status', () =>
    pact
      .addInteraction()
      .given('an admin exists')
      .given('a customer has paid for an order')
      .uponReceiving('a request from an admin to move an order to Processing')
      .withRequest('PUT', pathFromState(ApiRoute.orderStatus), (request) => request.headers(bearer()).jsonBody({ status: 'Processing' }))
      .willRespondWith(200, (response) => response.jsonBody(orderJson({ _id: idFromState('orderId'), status: 'Processing' })))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(updateOrderStatus(EXAMPLE.orderId, 'Processing')).resolves.toEqual(exampleOrder('Processing'));
      }));
});
