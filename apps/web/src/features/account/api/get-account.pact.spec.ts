import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, errorBody, EXAMPLE, pathFromState, signedInAs } from '@test/pact/store-api-pact';
import { getAccount } from './get-account';

const { boolean, string } = MatchersV3;

const interaction = describeStoreApi();

describe('account', () => {
  it("answers the signed-in customer's account, with whether the address is confirmed", () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: "a request for the signed-in customer's account",
        request: ['GET', pathFromState(ApiRoute.account), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              _id: anId(EXAMPLE.userId),
              name: string('Shopper'),
              email: string('shopper@example.com'),
              emailVerified: boolean(false),
              role: Role.Customer,
              createdAt: anInstant(),
            }),
        ],
      },
      async () => {
        const account = await getAccount();
        expect(account).toMatchObject({ _id: EXAMPLE.userId, emailVerified: false, role: Role.Customer });
      },
    ));

  it('is refused without a session', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request for an account without a sign-in',
        request: ['GET', pathFromState(ApiRoute.account)],
        response: [401, (response) => response.jsonBody(errorBody(ErrorCode.Unauthenticated, 'Sign in to continue'))],
      },
      async () => {
        signedInAs({ userId: EXAMPLE.userId, token: '' });
        await expect(getAccount()).rejects.toMatchObject({ status: 401 });
      },
    ));
});
