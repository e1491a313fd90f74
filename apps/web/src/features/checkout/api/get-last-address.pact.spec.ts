import { ApiRoute, ErrorCode } from '@store/contract';
import {
  addressJson,
  bearer,
  describeStoreApi,
  EXAMPLE_ADDRESS,
  errorBody,
  pathFromState,
  signedInAs,
  EXAMPLE,
} from '@test/pact/store-api-pact';
import { getLastAddress } from './get-last-address';

const interaction = describeStoreApi();

describe('last shipping address', () => {
  it("answers the address of the buyer's latest paid order", () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has paid for an order shipped to an address'],
        uponReceiving: "a request for the signed-in customer's last shipping address",
        request: ['GET', pathFromState(ApiRoute.lastAddress), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody({ address: addressJson() })],
      },
      async () => {
        await expect(getLastAddress()).resolves.toEqual({ address: EXAMPLE_ADDRESS });
      },
    ));

  it('answers null for a buyer with no address yet', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request for the last shipping address of a customer who has none',
        request: ['GET', pathFromState(ApiRoute.lastAddress), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody({ address: null })],
      },
      async () => {
        await expect(getLastAddress()).resolves.toEqual({ address: null });
      },
    ));

  it('is refused without a session', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request for the last shipping address without a sign-in',
        request: ['GET', pathFromState(ApiRoute.lastAddress)],
        response: [401, (response) => response.jsonBody(errorBody(ErrorCode.Unauthenticated, 'Sign in to continue'))],
      },
      async () => {
        signedInAs({ userId: EXAMPLE.userId, token: '' });
        await expect(getLastAddress()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      },
    ));
});
