import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { bearer, describeStoreApi, errorBody, EXAMPLE, idFromState, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { requestReturn } from './request-return';

const interaction = describeStoreApi();

describe('returns and exchanges (buyer)', () => {
  it('asks to exchange a line of a shipped order for another size', () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has a shipped order of a product in sizes S, M and L'],
        uponReceiving: 'a request from the buyer to exchange a line of their shipped order for another size',
        request: [
          'POST',
          pathFromState(ApiRoute.orderReturns),
          (request) =>
            request.headers(bearer()).jsonBody({
              kind: 'exchange',
              reason: 'too-small',
              lines: [{ variant: idFromState('variantId'), quantity: 1, exchangeVariant: idFromState('exchangeVariantId') }],
            }),
        ],
        response: [201, (response) => response.jsonBody(returnJson('exchange', 'requested'))],
      },
      async () => {
        const asked = await requestReturn(EXAMPLE.orderId, {
          kind: 'exchange',
          reason: 'too-small',
          lines: [{ variant: EXAMPLE.variantId, quantity: 1, exchangeVariant: EXAMPLE.exchangeVariantId }],
        });
        expect(asked).toMatchObject({ _id: EXAMPLE.returnId, status: 'requested', lines: [{ exchangeOptions: 'L' }] });
      },
    ));

  it('is refused more units than the line has, naming the field', () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has a shipped order of a product in sizes S, M and L'],
        uponReceiving: 'a request from the buyer to return more units of a line than they bought',
        request: [
          'POST',
          pathFromState(ApiRoute.orderReturns),
          (request) =>
            request
              .headers(bearer())
              .jsonBody({ kind: 'return', reason: 'too-big', lines: [{ variant: idFromState('variantId'), quantity: 5 }] }),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.ValidationFailed, 'Only 1 of "Classic Tee" (M) can still be sent back'),
              details: [{ field: 'lines[0].quantity', message: MatchersV3.string('must be at most 1') }],
            }),
        ],
      },
      async () => {
        await expect(
          requestReturn(EXAMPLE.orderId, { kind: 'return', reason: 'too-big', lines: [{ variant: EXAMPLE.variantId, quantity: 5 }] }),
        ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      },
    ));
});
