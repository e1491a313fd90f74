import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, GUEST_ORDER_TOKEN_PARAM } from '@store/contract';
import {
  addressJson,
  anId,
  anInstant,
  ANY_STATUS,
  describeStoreApi,
  errorBody,
  EXAMPLE,
  fixedPath,
  orderLineJson,
} from '@test/pact/store-api-pact';
import { getGuestOrder } from './get-guest-order';

const { eachLike, integer, number, regex } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

/** The token of the guest's link: the provider state stores its hash on the order it makes. */
const TOKEN = 'R3Vlc3Qtb3JkZXItbGluay10b2tlbi1leGFtcGxlMDA';

describe('guest order by its link', () => {
  it("shows the order of the link's token: status, lines, total and address", () =>
    interaction(
      {
        given: [['a guest has paid for an order whose link token is {token}', { token: TOKEN }]],
        uponReceiving: "a request for a guest order by its link's token",
        request: ['GET', fixedPath(ApiRoute.guestOrder), (request) => request.query({ [GUEST_ORDER_TOKEN_PARAM]: TOKEN })],
        response: [
          200,
          (response) =>
            response.jsonBody({
              _id: anId(EXAMPLE.orderId),
              number: integer(1),
              products: eachLike(orderLineJson()),
              amount: number(19.99),
              status: regex(ANY_STATUS, 'Received'),
              createdAt: anInstant(),
              shippingAddress: addressJson(),
            }),
        ],
      },
      async () => {
        const order = await getGuestOrder(TOKEN);
        expect(order).toMatchObject({ _id: EXAMPLE.orderId, status: 'Received', amount: 19.99, shippingAddress: { country: 'US' } });
        expect(order).not.toHaveProperty('user');
      },
    ));

  it("answers 404 for a token that is no order's", () =>
    interaction(
      {
        uponReceiving: 'a request for a guest order with an unknown token',
        request: ['GET', fixedPath(ApiRoute.guestOrder), (request) => request.query({ [GUEST_ORDER_TOKEN_PARAM]: 'not-a-real-token' })],
        response: [404, (response) => response.jsonBody(errorBody(ErrorCode.NotFound, 'Order not found'))],
      },
      async () => {
        await expect(getGuestOrder('not-a-real-token')).rejects.toMatchObject({ status: 404 });
      },
    ));
});
