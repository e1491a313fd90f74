import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { orderAnswer, orderRequest, TRACKING, TRACKING_URL, upsShipmentJson } from '@test/pact/order-bodies';
import { anId, describeStoreApi, EXAMPLE, exampleOrder, idFromState } from '@test/pact/store-api-pact';
import { shipOrder } from './ship-order';

const { string } = MatchersV3;

const interaction = describeStoreApi();

describe('shipping', () => {
  it('ships the lines of a paid order with a carrier and tracking number (staff may)', () =>
    interaction(
      {
        given: ['a staff member is signed in', 'a customer has paid for an order to ship'],
        uponReceiving: 'a request from a staff member to ship the line of an order by UPS',
        request: orderRequest('POST', ApiRoute.orderShipments, {
          carrier: 'ups',
          trackingNumber: TRACKING,
          lines: [{ variant: idFromState('variantId'), count: 1 }],
        }),
        response: orderAnswer(
          'Shipped',
          {
            fulfilment: 'Shipped',
            shipments: [
              upsShipmentJson({
                _id: anId(EXAMPLE.shipmentId),
                trackingNumber: TRACKING,
                trackingUrl: TRACKING_URL,
                variant: idFromState('variantId'),
              }),
            ],
          },
          201,
        ),
      },
      async () => {
        const order = await shipOrder(EXAMPLE.orderId, {
          carrier: 'ups',
          trackingNumber: TRACKING,
          lines: [{ variant: EXAMPLE.variantId, count: 1 }],
        });
        expect(order).toEqual({
          ...exampleOrder('Shipped'),
          fulfilment: 'Shipped',
          shipments: [
            {
              _id: EXAMPLE.shipmentId,
              carrier: 'ups',
              carrierName: 'UPS',
              trackingNumber: TRACKING,
              trackingUrl: TRACKING_URL,
              lines: [{ product: EXAMPLE.productId, variant: EXAMPLE.variantId, name: 'Classic Tee', count: 1 }],
              shippedAt: EXAMPLE.createdAt,
            },
          ],
        });
      },
    ));

  it('refuses to ship more units than are left, naming the line', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order to ship'],
        uponReceiving: 'a request from an admin to ship more units of a line than the order holds',
        request: orderRequest('POST', ApiRoute.orderShipments, {
          carrier: 'dhl',
          trackingNumber: '1234567890',
          lines: [{ variant: idFromState('variantId'), count: 2 }],
        }),
        response: [
          400,
          (response) =>
            response.jsonBody({
              error: string('Cannot ship: lines.0.count at most 1 of "Classic Tee" left to ship'),
              code: ErrorCode.ValidationFailed,
              details: [{ field: 'lines.0.count', message: string('at most 1 of "Classic Tee" left to ship') }],
            }),
        ],
      },
      async () => {
        await expect(
          shipOrder(EXAMPLE.orderId, { carrier: 'dhl', trackingNumber: '1234567890', lines: [{ variant: EXAMPLE.variantId, count: 2 }] }),
        ).rejects.toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Cannot ship: lines.0.count at most 1 of "Classic Tee" left to ship',
        });
      },
    ));
});
