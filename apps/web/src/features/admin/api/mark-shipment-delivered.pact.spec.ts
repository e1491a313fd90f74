import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, EXAMPLE, idFromState, orderJson, pathFromState } from '@test/pact/store-api-pact';
import { markShipmentDelivered } from './mark-shipment-delivered';

const { eachLike, integer, string } = MatchersV3;

const interaction = describeStoreApi();

describe('shipping', () => {
  it('marks the parcel of a fully shipped order delivered: the order is Delivered', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order that has shipped'],
        uponReceiving: 'a request from an admin to mark the parcel of an order delivered',
        request: ['POST', pathFromState(ApiRoute.shipmentDelivered), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: idFromState('orderId'), status: 'Delivered' }),
              fulfilment: 'Delivered',
              shipments: [
                {
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
                  deliveredAt: anInstant(),
                },
              ],
            }),
        ],
      },
      async () => {
        const order = await markShipmentDelivered(EXAMPLE.orderId, EXAMPLE.shipmentId);
        expect(order.status).toBe('Delivered');
        expect(order.fulfilment).toBe('Delivered');
        expect(order.shipments?.[0]).toMatchObject({ _id: EXAMPLE.shipmentId, deliveredAt: EXAMPLE.createdAt });
      },
    ));
});
