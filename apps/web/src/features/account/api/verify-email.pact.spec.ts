import { ApiRoute, EMAIL_VERIFICATION_LINK_INVALID, EMAIL_VERIFIED, ErrorCode } from '@store/contract';
import { describeStoreApi, errorBody, fixedPath } from '@test/pact/store-api-pact';
import { verifyEmail } from './verify-email';

const interaction = describeStoreApi({ signedIn: false });

const TOKEN = 'cGFjdC1lbWFpbC12ZXJpZmljYXRpb24tdG9rZW4tMDE';

describe('e-mail verification', () => {
  it('confirms the address with the token of the mailed link, without a session', () =>
    interaction(
      {
        given: [['a customer was sent the e-mail verification link {token}', { token: TOKEN }]],
        uponReceiving: 'the token of an e-mail verification link',
        request: ['POST', fixedPath(ApiRoute.emailVerify), (request) => request.jsonBody({ token: TOKEN })],
        response: [200, (response) => response.jsonBody({ message: EMAIL_VERIFIED })],
      },
      async () => {
        await expect(verifyEmail({ token: TOKEN })).resolves.toEqual({ message: EMAIL_VERIFIED });
      },
    ));

  it('is refused with a token no link has (used, expired or never sent)', () =>
    interaction(
      {
        uponReceiving: 'the token of an unknown e-mail verification link',
        request: ['POST', fixedPath(ApiRoute.emailVerify), (request) => request.jsonBody({ token: TOKEN })],
        response: [400, (response) => response.jsonBody(errorBody(ErrorCode.ValidationFailed, EMAIL_VERIFICATION_LINK_INVALID))],
      },
      async () => {
        await expect(verifyEmail({ token: TOKEN })).rejects.toMatchObject({ status: 400, message: EMAIL_VERIFICATION_LINK_INVALID });
      },
    ));
});
