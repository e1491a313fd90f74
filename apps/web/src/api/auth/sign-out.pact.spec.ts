import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, fixedPath, signedInAs } from '@test/pact/store-api-pact';
import { signout } from './sign-out';

const { string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

describe('sign-out', () => {
  it('revokes the token it is given', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a sign-out with a token',
        request: ['GET', fixedPath(ApiRoute.signout), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody({ message: string('Signed out') })],
      },
      async () => {
        signedInAs();
        await expect(signout()).resolves.toEqual({ message: 'Signed out' });
      },
    ));
});
