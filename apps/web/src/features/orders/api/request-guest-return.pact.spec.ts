import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { describeStoreApi, errorBody, EXAMPLE, fixedPath, idFromState, returnJson } from '@test/pact/store-api-pact';
import { requestGuestReturn } from './request-guest-return';

const interaction = describeStoreApi({ signedIn: false });

/** The token of the guest's link: the provider state stores its hash on the order it makes. */
const TOKEN = 'R3Vlc3QtcmV0dXJuLWxpbmstdG9rZW4tZXhhbXBsZTAw';
const GUEST_STATE = 'a guest has a shipped order of a product in sizes S, M and L whose link token is {token}';

describe('returns and exchanges (guest, by the order link)', () => {
  it("asks to exchange a line of the link's shipped order for another size", () =>
    interaction(
      {
        given: [[GUEST_STATE, { token: TOKEN }]],
        uponReceiving: "a guest's request, by their order link's token, to exchange a line for another size",
        request: [
          'POST',
          fixedPath(ApiRoute.guestOrderReturns),
          (request) =>
            request.jsonBody({
              token: TOKEN,
              kind: 'exchange',
              reason: 'too-small',
              lines: [{ variant: idFromState('variantId'), quantity: 1, exchangeVariant: idFromState('exchangeVariantId') }],
            }),
        ],
        response: [
          201,
          (response) =>
            response.jsonBody(
              returnJson('exchange', 'requested', { user: { _id: MatchersV3.string(''), name: MatchersV3.string('Sam Shopper') } }),
            ),
        ],
      },
      async () => {
        const asked = await requestGuestReturn({
          token: TOKEN,
          kind: 'exchange',
          reason: 'too-small',
          lines: [{ variant: EXAMPLE.variantId, quantity: 1, exchangeVariant: EXAMPLE.exchangeVariantId }],
        });
        expect(asked).toMatchObject({ status: 'requested', user: { _id: '' }, lines: [{ exchangeOptions: 'L' }] });
      },
    ));

  it("is refused with 404 for a token that is no order's", () =>
    interaction(
      {
        uponReceiving: "a guest's return request with an unknown order link token",
        request: [
          'POST',
          fixedPath(ApiRoute.guestOrderReturns),
          (request) =>
            request.jsonBody({ token: 'not-a-real-token', kind: 'return', reason: 'too-big', lines: [{ variant: 1, quantity: 1 }] }),
        ],
        response: [404, (response) => response.jsonBody(errorBody(ErrorCode.NotFound, 'Order not found'))],
      },
      async () => {
        await expect(
          requestGuestReturn({ token: 'not-a-real-token', kind: 'return', reason: 'too-big', lines: [{ variant: 1, quantity: 1 }] }),
        ).rejects.toMatchObject({ status: 404 });
      },
    ));
});
