import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import {
  ANY_STATUS,
  anId,
  anInstant,
  bearer,
  EXAMPLE,
  exampleOrder,
  idFromState,
  orderJson,
  pathFromState,
  resetApiClient,
  signedInAs,
  storeApiPact,
  useMockServer,
} from '@test/pact/store-api-pact';
import { listAllOrders, refundOrderLine, updateOrderStatus } from './orders';

const { eachLike, number, regex, string } = MatchersV3;

const pact = storeApiPact();
afterEach(resetApiClient);

beforeEach(() => signedInAs());

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

  it('cancels a paid order and answers with how its money went back', () =>
    pact
      .addInteraction()
      .given('an admin exists')
      .given('a customer has paid for an order')
      .uponReceiving('a request from an admin to cancel a paid order')
      .withRequest('PUT', pathFromState(ApiRoute.orderStatus), (request) => request.headers(bearer()).jsonBody({ status: 'Cancelled' }))
      .willRespondWith(200, (response) =>
        response.jsonBody({
          ...orderJson({ _id: idFromState('orderId'), status: 'Cancelled' }),
          refund: { id: string('k3j9x2p1'), amount: number(19.99), kind: regex('^(void|refund)$', 'void'), at: anInstant() },
        }),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(updateOrderStatus(EXAMPLE.orderId, 'Cancelled')).resolves.toEqual({
          ...exampleOrder('Cancelled'),
          refund: { id: 'k3j9x2p1', amount: 19.99, kind: 'void', at: EXAMPLE.createdAt },
        });
      }));

  it('refunds one line of a paid order whose payment has settled', () =>
    pact
      .addInteraction()
      .given('an admin exists')
      .given('a customer has paid for an order whose payment has settled')
      .uponReceiving('a request from an admin to refund one line of an order')
      .withRequest('POST', pathFromState(ApiRoute.orderLineRefund), (request) =>
        request.headers(bearer()).jsonBody({ product: idFromState('productId') }),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody({
          ...orderJson({ _id: idFromState('orderId'), status: regex(ANY_STATUS, 'Received') }),
          products: eachLike({
            product: anId(EXAMPLE.productId),
            name: string('Classic Tee'),
            price: number(19.99),
            count: MatchersV3.integer(1),
            refund: { id: string('c7x2k9p0'), amount: number(19.99), at: anInstant() },
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        const refunded = await refundOrderLine(EXAMPLE.orderId, EXAMPLE.productId);
        expect(refunded.products).toEqual([
          {
            product: EXAMPLE.productId,
            name: 'Classic Tee',
            price: 19.99,
            count: 1,
            refund: { id: 'c7x2k9p0', amount: 19.99, at: EXAMPLE.createdAt },
          },
        ]);
      }));
});
