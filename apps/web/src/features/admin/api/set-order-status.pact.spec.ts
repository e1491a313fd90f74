import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { orderAnswer, orderRequest } from '@test/pact/order-bodies';
import { anInstant, describeStoreApi, EXAMPLE, exampleOrder } from '@test/pact/store-api-pact';
import { updateOrderStatus } from './set-order-status';

const { number, regex, string } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration', () => {
  it('moves an order to its next status', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin to move an order to Processing',
        request: orderRequest('PUT', ApiRoute.orderStatus, { status: 'Processing' }),
        response: orderAnswer('Processing'),
      },
      async () => {
        await expect(updateOrderStatus(EXAMPLE.orderId, 'Processing')).resolves.toEqual(exampleOrder('Processing'));
      },
    ));

  it('cancels a paid order and answers with how its money went back', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin to cancel a paid order',
        request: orderRequest('PUT', ApiRoute.orderStatus, { status: 'Cancelled' }),
        response: orderAnswer('Cancelled', {
          refund: { id: string('k3j9x2p1'), amount: number(19.99), kind: regex('^(void|refund)$', 'void'), at: anInstant() },
        }),
      },
      async () => {
        await expect(updateOrderStatus(EXAMPLE.orderId, 'Cancelled')).resolves.toEqual({
          ...exampleOrder('Cancelled'),
          refund: { id: 'k3j9x2p1', amount: 19.99, kind: 'void', at: EXAMPLE.createdAt },
        });
      },
    ));
});
