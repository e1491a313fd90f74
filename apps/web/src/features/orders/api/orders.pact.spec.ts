import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import {
  ANY_STATUS,
  anId,
  bearer,
  EXAMPLE,
  exampleOrder,
  orderJson,
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
  it("lists the signed-in buyer's own orders", () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .given('the customer has paid for an order')
      .uponReceiving("a request for the signed-in customer's orders")
      .withRequest('GET', pathFromState(ApiRoute.ordersOfUser), (request) => request.headers(bearer()))
      .willRespondWith(200, (response) =>
        response.jsonBody(eachLike(orderJson({ _id: anId(EXAMPLE.orderId), status: regex(ANY_STATUS, 'Received') }))),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(listMyOrders()).resolves.toEqual([exampleOrder('Received')]);
      }));
});
