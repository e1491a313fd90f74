import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { orderAnswer, orderRequest, TRACKING, upsShipmentJson } from '@test/pact/order-bodies';
import { describeStoreApi, EXAMPLE } from '@test/pact/store-api-pact';
import { getOrder } from './get-order';

const interaction = describeStoreApi();

describe('order administration', () => {
  it("reads any buyer's order with its parcels (the packing slip)", () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order that has shipped'],
        uponReceiving: "a request from an admin for a buyer's shipped order",
        request: orderRequest('GET', ApiRoute.order),
        response: orderAnswer('Shipped', { fulfilment: 'Shipped', shipments: MatchersV3.eachLike(upsShipmentJson()) }),
      },
      async () => {
        const order = await getOrder(EXAMPLE.orderId);
        expect(order).toMatchObject({ _id: EXAMPLE.orderId, status: 'Shipped', fulfilment: 'Shipped' });
        expect(order.shipments?.map((shipment) => [shipment.carrierName, shipment.trackingNumber])).toEqual([['UPS', TRACKING]]);
      },
    ));
});
