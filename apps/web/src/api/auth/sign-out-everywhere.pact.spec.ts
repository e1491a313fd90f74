import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, fixedPath, signedInAs } from '@test/pact/store-api-pact';
import { signoutEverywhere } from './sign-out-everywhere';

const { string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

describe('sign-out everywhere', () => {
  it('ends every session of the signed-in user', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a sign-out everywhere with a token',
        request: ['POST', fixedPath(ApiRoute.signoutEverywhere), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody({ message: string('Signed out everywhere') })],
      },
      async () => {
        signedInAs();
        await expect(signoutEverywhere()).resolves.toEqual({ message: 'Signed out everywhere' });
      },
    ));

  it('is refused without a token (401)', () =>
    interaction(
      {
        uponReceiving: 'a sign-out everywhere without a token',
        request: ['POST', fixedPath(ApiRoute.signoutEverywhere)],
        response: [401, (response) => response.jsonBody({ error: string('Sign in to continue'), code: 'UNAUTHENTICATED' })],
      },
      async () => {
        await expect(signoutEverywhere()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      },
    ));
});
