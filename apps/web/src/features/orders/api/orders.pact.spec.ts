import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import {
  ANY_STATUS,
  anId,
  bearer,
  EXAMPLE,
  exampleOrder,
  orderJson,
  pageHeaders,
  pathFromState,
  resetApiClient,
  signedInAs,
  storeApiPact,
  useMockServer,
} from '@test/pact/store-api-pact';
import { listMyOrders } from './orders';

const { eachLike, regex } = MatchersV3;

const pact = storeApiPact();
afterEach(resetApiClient);

beforeEach(() => signedInAs());

describe('orders', () => {
  it("lists the signed-in buyer's own orders, a page at a time", () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .given('the customer has paid for an order')
      .uponReceiving("a request for the first page of the signed-in customer's orders")
      .withRequest('GET', pathFromState(ApiRoute.ordersOfUser), (request) => request.headers(bearer()).query({ limit: '50' }))
      .willRespondWith(200, (response) =>
        response
          .headers(pageHeaders())
          .jsonBody(eachLike(orderJson({ _id: anId(EXAMPLE.orderId), status: regex(ANY_STATUS, 'Received') }))),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(listMyOrders({ limit: 50 })).resolves.toEqual({ orders: [exampleOrder('Received')], total: 1, after: undefined });
      }));
});
