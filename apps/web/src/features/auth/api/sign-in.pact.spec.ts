import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, isTwoFactorChallenge, Role, type Session } from '@store/contract';
import { aJwt, anId, describeStoreApi, errorBody, EXAMPLE, fixedPath } from '@test/pact/store-api-pact';
import { signin } from './sign-in';

const { string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const shopper = { name: 'Sam Shopper', email: 'sam@example.com', password: 'correct horse battery' };
const staffCredentials = { email: 'sam.staff@example.com', password: 'correct horse battery' };

describe('sign-in', () => {
  const credentials = { email: shopper.email, password: shopper.password };

  it('answers a session for the right password', () =>
    interaction(
      {
        given: [['a customer with email {email} and password {password} exists', credentials]],
        uponReceiving: 'a sign-in with the right password',
        request: ['POST', fixedPath(ApiRoute.signin), (request) => request.jsonBody(credentials)],
        response: [
          200,
          (response) =>
            response.jsonBody({
              token: aJwt(),
              user: { _id: anId(EXAMPLE.userId), name: string(shopper.name), email: shopper.email, role: Role.Customer },
            }),
        ],
      },
      async () => {
        const session = (await signin(credentials)) as Session;
        expect(session.token).toBe(EXAMPLE.token);
        expect(session.user).toEqual({ _id: EXAMPLE.userId, name: shopper.name, email: shopper.email, role: 0 });
      },
    ));

  it('answers a challenge instead of a session for one of the staff with two-factor sign-in on', () =>
    interaction(
      {
        given: [['one of the staff with email {email} and password {password} has two-factor sign-in on', staffCredentials]],
        uponReceiving: 'a sign-in with the right password for an account with two-factor sign-in on',
        request: ['POST', fixedPath(ApiRoute.signin), (request) => request.jsonBody(staffCredentials)],
        response: [200, (response) => response.jsonBody({ twoFactorRequired: true, challenge: aJwt() })],
      },
      async () => {
        const answer = await signin(staffCredentials);
        expect(isTwoFactorChallenge(answer)).toBe(true);
        expect(answer).toEqual({ twoFactorRequired: true, challenge: EXAMPLE.token });
      },
    ));

  it('is refused for a wrong password', () =>
    interaction(
      {
        given: [['a customer with email {email} and password {password} exists', credentials]],
        uponReceiving: 'a sign-in with a wrong password',
        request: ['POST', fixedPath(ApiRoute.signin), (request) => request.jsonBody({ ...credentials, password: 'not the password' })],
        response: [401, (response) => response.jsonBody(errorBody(ErrorCode.Unauthenticated, 'Email and password do not match'))],
      },
      async () => {
        await expect(signin({ ...credentials, password: 'not the password' })).rejects.toMatchObject({
          status: 401,
          message: 'Email and password do not match',
        });
      },
    ));
});
