import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import {
  anInstant,
  bearer,
  describeStoreApi,
  EXAMPLE,
  exampleOrder,
  idFromState,
  orderJson,
  pathFromState,
} from '@test/pact/store-api-pact';
import { updateOrderStatus } from './set-order-status';

const { number, regex, string } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration', () => {
  it('moves an order to its next status', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin to move an order to Processing',
        request: ['PUT', pathFromState(ApiRoute.orderStatus), (request) => request.headers(bearer()).jsonBody({ status: 'Processing' })],
        response: [200, (response) => response.jsonBody(orderJson({ _id: idFromState('orderId'), status: 'Processing' }))],
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
        request: ['PUT', pathFromState(ApiRoute.orderStatus), (request) => request.headers(bearer()).jsonBody({ status: 'Cancelled' })],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: idFromState('orderId'), status: 'Cancelled' }),
              refund: { id: string('k3j9x2p1'), amount: number(19.99), kind: regex('^(void|refund)$', 'void'), at: anInstant() },
            }),
        ],
      },
      async () => {
        await expect(updateOrderStatus(EXAMPLE.orderId, 'Cancelled')).resolves.toEqual({
          ...exampleOrder('Cancelled'),
          refund: { id: 'k3j9x2p1', amount: 19.99, kind: 'void', at: EXAMPLE.createdAt },
        });
      },
    ));
});
