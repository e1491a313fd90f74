import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, EXAMPLE, idFromState, orderJson, pathFromState } from '@test/pact/store-api-pact';
import { getOrder } from './get-order';

const { eachLike, integer, string } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration', () => {
  it("reads any buyer's order with its parcels (the packing slip)", () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order that has shipped'],
        uponReceiving: "a request from an admin for a buyer's shipped order",
        request: ['GET', pathFromState(ApiRoute.order), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: idFromState('orderId'), status: 'Shipped' }),
              fulfilment: 'Shipped',
              shipments: eachLike({
                _id: idFromState('shipmentId'),
                carrier: 'ups',
                carrierName: 'UPS',
                trackingNumber: string('1Z999AA10123456784'),
                trackingUrl: string('https://www.ups.com/track?tracknum=1Z999AA10123456784'),
                lines: eachLike({
                  product: anId(EXAMPLE.productId),
                  variant: integer(EXAMPLE.variantId),
                  name: string('Classic Tee'),
                  count: integer(1),
                }),
                shippedAt: anInstant(),
              }),
            }),
        ],
      },
      async () => {
        const order = await getOrder(EXAMPLE.orderId);
        expect(order).toMatchObject({ _id: EXAMPLE.orderId, status: 'Shipped', fulfilment: 'Shipped' });
        expect(order.shipments?.map((shipment) => [shipment.carrierName, shipment.trackingNumber])).toEqual([
          ['UPS', '1Z999AA10123456784'],
        ]);
      },
    ));
});
