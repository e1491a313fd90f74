import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, errorBody, pathFromState, signedInAs } from '@test/pact/store-api-pact';
import { getClientToken } from './get-client-token';

const { regex, string } = MatchersV3;

const interaction = describeStoreApi();

describe('payment client token', () => {
  it('is given to a signed-in customer', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request for a payment client token',
        request: ['GET', pathFromState(ApiRoute.paymentToken), (request) => request.headers(bearer())],
        response: [
          200,
          (response) => response.jsonBody({ clientToken: string('test-gateway-token'), gateway: regex('^(braintree|test)$', 'test') }),
        ],
      },
      async () => {
        await expect(getClientToken()).resolves.toEqual({ clientToken: 'test-gateway-token', gateway: 'test' });
      },
    ));

  it('is refused without a session', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request for a payment client token without a sign-in',
        request: ['GET', pathFromState(ApiRoute.paymentToken)],
        response: [401, (response) => response.jsonBody(errorBody(ErrorCode.Unauthenticated, 'Sign in to continue'))],
      },
      async () => {
        // A visitor with no stored session has no token to send.
        signedInAs({ userId: EXAMPLE.userId, token: '' });
        await expect(getClientToken()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      },
    ));
});
