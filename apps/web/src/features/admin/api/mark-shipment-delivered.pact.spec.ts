import { ApiRoute } from '@store/contract';
import { orderAnswer, orderRequest, upsShipmentJson } from '@test/pact/order-bodies';
import { anInstant, describeStoreApi, EXAMPLE } from '@test/pact/store-api-pact';
import { markShipmentDelivered } from './mark-shipment-delivered';

const interaction = describeStoreApi();

describe('shipping', () => {
  it('marks the parcel of a fully shipped order delivered: the order is Delivered', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order that has shipped'],
        uponReceiving: 'a request from an admin to mark the parcel of an order delivered',
        request: orderRequest('POST', ApiRoute.shipmentDelivered),
        response: orderAnswer('Delivered', { fulfilment: 'Delivered', shipments: [upsShipmentJson({ deliveredAt: anInstant() })] }),
      },
      async () => {
        const order = await markShipmentDelivered(EXAMPLE.orderId, EXAMPLE.shipmentId);
        expect(order.status).toBe('Delivered');
        expect(order.fulfilment).toBe('Delivered');
        expect(order.shipments?.[0]).toMatchObject({ _id: EXAMPLE.shipmentId, deliveredAt: EXAMPLE.createdAt });
      },
    ));
});
