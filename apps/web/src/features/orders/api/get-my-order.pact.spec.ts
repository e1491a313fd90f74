import { MatchersV3 } from '@pact-foundation/pact';
import { API_PREFIX, ApiRoute, ErrorCode } from '@store/contract';
import { TRACKING_URL, upsShipmentJson } from '@test/pact/order-bodies';
import {
  addressJson,
  ANY_STATUS,
  anId,
  EXAMPLE_ADDRESS,
  bearer,
  describeStoreApi,
  errorBody,
  EXAMPLE,
  exampleOrder,
  orderJson,
  orderLineJson,
  pathFromState,
} from '@test/pact/store-api-pact';
import { getMyOrder } from './get-my-order';

const { fromProviderState, regex } = MatchersV3;

/** An order id no state creates: the buyer's path to it answers 404, as for another buyer's order. */
const UNKNOWN_ORDER_ID = '5f0c1a2e-4444-4b7a-9c3e-0000000000ff';

/** GET /order/{orderId}/user/{userId} with a fixed order id and the provider state's signed-in user. */
function orderOfSignedInUser(orderId: string) {
  const path = `${API_PREFIX}/order/${orderId}/user/`;
  return fromProviderState(`${path}\${userId}`, `${path}${EXAMPLE.userId}`);
}

const interaction = describeStoreApi();

describe('orders', () => {
  it("reads one of the signed-in buyer's orders (the confirmation page after paying)", () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has paid for an order'],
        uponReceiving: "a request for one of the signed-in customer's orders",
        request: ['GET', pathFromState(ApiRoute.order), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody(orderJson({ _id: anId(EXAMPLE.orderId), status: regex(ANY_STATUS, 'Received') }))],
      },
      async () => {
        await expect(getMyOrder(EXAMPLE.orderId)).resolves.toEqual(exampleOrder('Received'));
      },
    ));

  it('reads a shipped order with its parcels and their tracking links', () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has paid for an order that has shipped'],
        uponReceiving: "a request for one of the signed-in customer's orders that has shipped",
        request: ['GET', pathFromState(ApiRoute.order), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: anId(EXAMPLE.orderId), status: 'Shipped' }),
              fulfilment: 'Shipped',
              shipments: MatchersV3.eachLike(
                upsShipmentJson({
                  _id: anId(EXAMPLE.shipmentId),
                  shippedAt: MatchersV3.regex('^\\d{4}-\\d{2}-\\d{2}T.*Z$', EXAMPLE.createdAt),
                }),
              ),
            }),
        ],
      },
      async () => {
        const order = await getMyOrder(EXAMPLE.orderId);
        expect(order.fulfilment).toBe('Shipped');
        expect(order.shipments?.[0]).toMatchObject({ carrierName: 'UPS', trackingUrl: TRACKING_URL });
      },
    ));

  it('reads an order with a line in a size (the size shows on the confirmation page)', () =>
    interaction(
      {
        given: ['a customer exists', ['the customer has paid for an order of a product in size {size}', { size: 'L' }]],
        uponReceiving: "a request for one of the signed-in customer's orders with a line in a size",
        request: ['GET', pathFromState(ApiRoute.order), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: anId(EXAMPLE.orderId), status: regex(ANY_STATUS, 'Received') }),
              products: [orderLineJson({ size: 'L' })],
            }),
        ],
      },
      async () => {
        const order = await getMyOrder(EXAMPLE.orderId);
        expect(order.products).toEqual([{ product: EXAMPLE.productId, name: 'Classic Tee', price: 19.99, count: 1, size: 'L' }]);
      },
    ));

  it('reads an order with the address it ships to', () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has paid for an order shipped to an address'],
        uponReceiving: "a request for one of the signed-in customer's orders that ships to an address",
        request: ['GET', pathFromState(ApiRoute.order), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: anId(EXAMPLE.orderId), status: regex(ANY_STATUS, 'Received') }),
              shippingAddress: addressJson(),
            }),
        ],
      },
      async () => {
        await expect(getMyOrder(EXAMPLE.orderId)).resolves.toEqual({ ...exampleOrder('Received'), shippingAddress: EXAMPLE_ADDRESS });
      },
    ));

  it("answers 404 for an order that is not the signed-in buyer's", () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: "a request for an order that is not the signed-in customer's",
        request: ['GET', orderOfSignedInUser(UNKNOWN_ORDER_ID), (request) => request.headers(bearer())],
        response: [404, (response) => response.jsonBody(errorBody(ErrorCode.NotFound, 'Order not found'))],
      },
      async () => {
        await expect(getMyOrder(UNKNOWN_ORDER_ID)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
      },
    ));
});
