import { ApiRoute, GUEST_ORDER_TOKEN_PARAM } from '@store/contract';
import { describeStoreApi, fixedPath } from '@test/pact/store-api-pact';
import { listGuestOrderReturns } from './list-guest-order-returns';

const interaction = describeStoreApi({ signedIn: false });

/** The token of the guest's link: the provider state stores its hash on the order it makes. */
const TOKEN = 'R3Vlc3QtcmV0dXJuLWxpbmstdG9rZW4tZXhhbXBsZTAw';

describe("a guest order's returns (by the order link)", () => {
  it("lists the returns of the link's order (none asked yet)", () =>
    interaction(
      {
        given: [['a guest has a shipped order of a product in sizes S, M and L whose link token is {token}', { token: TOKEN }]],
        uponReceiving: "a request for a guest order's returns by its link's token",
        request: ['GET', fixedPath(ApiRoute.guestOrderReturns), (request) => request.query({ [GUEST_ORDER_TOKEN_PARAM]: TOKEN })],
        response: [200, (response) => response.jsonBody([])],
      },
      async () => {
        expect(await listGuestOrderReturns(TOKEN)).toEqual([]);
      },
    ));
});
