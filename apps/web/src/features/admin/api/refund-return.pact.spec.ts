import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anInstant, bearer, describeStoreApi, EXAMPLE, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { refundReturn } from './refund-return';

const interaction = describeStoreApi();

describe('refunding a return (owner)', () => {
  it('refunds a received return through the gateway', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'return', status: 'received' }],
        ],
        uponReceiving: 'a request from an owner to refund a received return',
        request: ['POST', pathFromState(ApiRoute.returnRefund), (request) => request.headers(bearer())],
        response: [
          200,
          (response) => {
            const body = returnJson('return', 'refunded', {
              restocked: true,
              refund: { id: MatchersV3.string('c7x2k9p0'), amount: MatchersV3.number(19.99), at: anInstant() },
            });
            return response.jsonBody({ ...body, lines: [{ ...body.lines[0], refund: MatchersV3.number(19.99) }] });
          },
        ],
      },
      async () => {
        const refunded = await refundReturn(EXAMPLE.returnId);
        expect(refunded).toMatchObject({ status: 'refunded', refund: { amount: 19.99 }, lines: [{ refund: 19.99 }] });
      },
    ));
});
