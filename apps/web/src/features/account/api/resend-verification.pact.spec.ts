import { ApiRoute, EMAIL_VERIFICATION_SENT } from '@store/contract';
import { bearer, describeStoreApi, pathFromState } from '@test/pact/store-api-pact';
import { resendVerification } from './resend-verification';

const interaction = describeStoreApi();

describe('e-mail verification: send again', () => {
  it('mails the signed-in customer a new link', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request to mail the link that confirms the address again',
        request: ['POST', pathFromState(ApiRoute.emailVerification), (request) => request.headers(bearer())],
        response: [202, (response) => response.jsonBody({ message: EMAIL_VERIFICATION_SENT })],
      },
      async () => {
        await expect(resendVerification()).resolves.toEqual({ message: EMAIL_VERIFICATION_SENT });
      },
    ));
});
