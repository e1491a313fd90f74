import { ApiRoute, ErrorCode, PASSWORD_RESET_DONE, PASSWORD_RESET_LINK_INVALID } from '@store/contract';
import { describeStoreApi, errorBody, fixedPath } from '@test/pact/store-api-pact';
import { resetPassword } from './reset-password';

const interaction = describeStoreApi({ signedIn: false });

const TOKEN = 'cGFjdC1wYXNzd29yZC1yZXNldC10b2tlbi0wMTIzNDU';

describe('password reset', () => {
  it('sets a new password with the token of a reset link', () =>
    interaction(
      {
        given: [['a customer was sent the password reset link {token}', { token: TOKEN }]],
        uponReceiving: 'a new password with a reset link token',
        request: [
          'POST',
          fixedPath(ApiRoute.passwordReset),
          (request) => request.jsonBody({ token: TOKEN, password: 'a brand new passphrase' }),
        ],
        response: [200, (response) => response.jsonBody({ message: PASSWORD_RESET_DONE })],
      },
      async () => {
        await expect(resetPassword({ token: TOKEN, password: 'a brand new passphrase' })).resolves.toEqual({
          message: PASSWORD_RESET_DONE,
        });
      },
    ));

  it('is refused with a token no link has (used, expired or never sent)', () =>
    interaction(
      {
        uponReceiving: 'a new password with an unknown reset link token',
        request: [
          'POST',
          fixedPath(ApiRoute.passwordReset),
          (request) => request.jsonBody({ token: TOKEN, password: 'a brand new passphrase' }),
        ],
        response: [400, (response) => response.jsonBody(errorBody(ErrorCode.ValidationFailed, PASSWORD_RESET_LINK_INVALID))],
      },
      async () => {
        await expect(resetPassword({ token: TOKEN, password: 'a brand new passphrase' })).rejects.toMatchObject({
          status: 400,
          message: PASSWORD_RESET_LINK_INVALID,
        });
      },
    ));
});
