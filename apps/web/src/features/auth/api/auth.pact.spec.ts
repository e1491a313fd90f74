import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { MatchersV3 } from '@pact-foundation/pact';
import { aJwt, anId, bearer, describeStoreApi, errorBody, EXAMPLE, fixedPath, signedInAs } from '@test/pact/store-api-pact';
import { signin, signout, signup } from './auth';

const { string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const shopper = { name: 'Sam Shopper', email: 'sam@example.com', password: 'correct horse battery' };

describe('sign-up', () => {
  it('creates a customer account', () =>
    interaction(
      {
        given: [['nobody has registered with email {email}', { email: shopper.email }]],
        uponReceiving: 'a sign-up',
        request: ['POST', fixedPath(ApiRoute.signup), (request) => request.jsonBody(shopper)],
        response: [
          201,
          (response) =>
            response.jsonBody({ _id: anId(EXAMPLE.userId), name: string(shopper.name), email: shopper.email, role: Role.Customer }),
        ],
      },
      async () => {
        await expect(signup(shopper)).resolves.toEqual({ _id: EXAMPLE.userId, name: shopper.name, email: shopper.email, role: 0 });
      },
    ));

  it('is refused for an email that is already registered', () =>
    interaction(
      {
        given: [['a customer with email {email} and password {password} exists', { email: shopper.email, password: shopper.password }]],
        uponReceiving: 'a sign-up with an email that is already registered',
        request: ['POST', fixedPath(ApiRoute.signup), (request) => request.jsonBody(shopper)],
        response: [409, (response) => response.jsonBody(errorBody(ErrorCode.Conflict, 'Email is already registered'))],
      },
      async () => {
        await expect(signup(shopper)).rejects.toMatchObject({ status: 409, code: 'CONFLICT', message: 'Email is already registered' });
      },
    ));
});

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
        const session = await signin(credentials);
        expect(session.token).toBe(EXAMPLE.token);
        expect(session.user).toEqual({ _id: EXAMPLE.userId, name: shopper.name, email: shopper.email, role: 0 });
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
