import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { aJwt, anId, bearer, describeStoreApi, errorBody, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { changePassword } from './change-password';

const { string } = MatchersV3;

const interaction = describeStoreApi();

describe('password change', () => {
  it("changes the signed-in customer's password and answers a new session", () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a password change with the current password',
        request: [
          'POST',
          pathFromState(ApiRoute.passwordChange),
          (request) => request.headers(bearer()).jsonBody({ currentPassword: 'correct horse battery', password: 'a brand new passphrase' }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              token: aJwt(),
              user: { _id: anId(EXAMPLE.userId), name: string('Shopper'), email: string('shopper@example.com'), role: Role.Customer },
            }),
        ],
      },
      async () => {
        const session = await changePassword({ currentPassword: 'correct horse battery', password: 'a brand new passphrase' });
        expect(session.user._id).toBe(EXAMPLE.userId);
      },
    ));

  it('is refused when the current password is wrong', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a password change with a wrong current password',
        request: [
          'POST',
          pathFromState(ApiRoute.passwordChange),
          (request) => request.headers(bearer()).jsonBody({ currentPassword: 'not the password', password: 'a brand new passphrase' }),
        ],
        response: [400, (response) => response.jsonBody(errorBody(ErrorCode.ValidationFailed, 'Current password is not right'))],
      },
      async () => {
        await expect(changePassword({ currentPassword: 'not the password', password: 'a brand new passphrase' })).rejects.toMatchObject({
          status: 400,
        });
      },
    ));
});
