import { ApiRoute, ErrorCode, PASSWORD_RESET_REQUESTED } from '@store/contract';
import { describeStoreApi, errorBody, fixedPath } from '@test/pact/store-api-pact';
import { requestPasswordReset } from './request-password-reset';

const interaction = describeStoreApi({ signedIn: false });

describe('password reset', () => {
  it('asks for a reset link for an address with an account', () =>
    interaction(
      {
        given: [
          ['a customer with email {email} and password {password} exists', { email: 'sam@example.com', password: 'correct horse battery' }],
        ],
        uponReceiving: 'a request for a password reset link',
        request: ['POST', fixedPath(ApiRoute.passwordForgot), (request) => request.jsonBody({ email: 'sam@example.com' })],
        response: [202, (response) => response.jsonBody({ message: PASSWORD_RESET_REQUESTED })],
      },
      async () => {
        await expect(requestPasswordReset({ email: 'sam@example.com' })).resolves.toEqual({ message: PASSWORD_RESET_REQUESTED });
      },
    ));

  it('gets the very same answer for an address nobody registered', () =>
    interaction(
      {
        given: [['nobody has registered with email {email}', { email: 'nobody@example.com' }]],
        uponReceiving: 'a request for a password reset link for an unknown address',
        request: ['POST', fixedPath(ApiRoute.passwordForgot), (request) => request.jsonBody({ email: 'nobody@example.com' })],
        response: [202, (response) => response.jsonBody({ message: PASSWORD_RESET_REQUESTED })],
      },
      async () => {
        await expect(requestPasswordReset({ email: 'nobody@example.com' })).resolves.toEqual({ message: PASSWORD_RESET_REQUESTED });
      },
    ));

  it('is refused for something that is not an e-mail address', () =>
    interaction(
      {
        uponReceiving: 'a request for a password reset link with a bad address',
        request: ['POST', fixedPath(ApiRoute.passwordForgot), (request) => request.jsonBody({ email: 'not an address' })],
        response: [400, (response) => response.jsonBody(errorBody(ErrorCode.ValidationFailed, 'Email must be a valid email address'))],
      },
      async () => {
        await expect(requestPasswordReset({ email: 'not an address' })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      },
    ));
});
