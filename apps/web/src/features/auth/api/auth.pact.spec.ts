import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { MatchersV3 } from '@pact-foundation/pact';
import {
  aJwt,
  anId,
  bearer,
  EXAMPLE,
  errorBody,
  fixedPath,
  resetApiClient,
  signedInAs,
  storeApiPact,
  useMockServer,
} from '@test/pact/store-api-pact';
import { signin, signout, signup } from './auth';

const { string } = MatchersV3;

const pact = storeApiPact();
afterEach(resetApiClient);

const shopper = { name: 'Sam Shopper', email: 'sam@example.com', password: 'correct horse battery' };

describe('sign-up', () => {
  it('creates a customer account', () =>
    pact
      .addInteraction()
      .given('nobody has registered with email {email}', { email: shopper.email })
      .uponReceiving('a sign-up')
      .withRequest('POST', fixedPath(ApiRoute.signup), (request) => request.jsonBody(shopper))
      .willRespondWith(201, (response) =>
        response.jsonBody({ _id: anId(EXAMPLE.userId), name: string(shopper.name), email: shopper.email, role: Role.Customer }),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(signup(shopper)).resolves.toEqual({ _id: EXAMPLE.userId, name: shopper.name, email: shopper.email, role: 0 });
      }));

  it('is refused for an email that is already registered', () =>
    pact
      .addInteraction()
      .given('a customer with email {email} and password {password} exists', { email: shopper.email, password: shopper.password })
      .uponReceiving('a sign-up with an email that is already registered')
      .withRequest('POST', fixedPath(ApiRoute.signup), (request) => request.jsonBody(shopper))
      .willRespondWith(409, (response) => response.jsonBody(errorBody(ErrorCode.Conflict, 'Email is already registered')))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(signup(shopper)).rejects.toMatchObject({ status: 409, code: 'CONFLICT', message: 'Email is already registered' });
      }));
});

describe('sign-in', () => {
  const credentials = { email: shopper.email, password: shopper.password };

  it('answers a session for the right password', () =>
    pact
      .addInteraction()
      .given('a customer with email {email} and password {password} exists', credentials)
      .uponReceiving('a sign-in with the right password')
      .withRequest('POST', fixedPath(ApiRoute.signin), (request) => request.jsonBody(credentials))
      .willRespondWith(200, (response) =>
        response.jsonBody({
          token: aJwt(),
          user: { _id: anId(EXAMPLE.userId), name: string(shopper.name), email: shopper.email, role: Role.Customer },
        }),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        const session = await signin(credentials);
        expect(session.token).toBe(EXAMPLE.token);
        expect(session.user).toEqual({ _id: EXAMPLE.userId, name: shopper.name, email: shopper.email, role: 0 });
      }));

  it('is refused for a wrong password', () =>
    pact
      .addInteraction()
      .given('a customer with email {email} and password {password} exists', credentials)
      .uponReceiving('a sign-in with a wrong password')
      .withRequest('POST', fixedPath(ApiRoute.signin), (request) => request.jsonBody({ ...credentials, password: 'not the password' }))
      .willRespondWith(401, (response) => response.jsonBody(errorBody(ErrorCode.Unauthenticated, 'Email and password do not match')))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(signin({ ...credentials, password: 'not the password' })).rejects.toMatchObject({
          status: 401,
          message: 'Email and password do not match',
        });
      }));
});

describe('sign-out', () => {
  it('revokes the token it is given', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .uponReceiving('a sign-out with a token')
      .withRequest('GET', fixedPath(ApiRoute.signout), (request) => request.headers(bearer()))
      .willRespondWith(200, (response) => response.jsonBody({ message: string('Signed out') }))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        signedInAs();
        await expect(signout()).resolves.toEqual({ message: 'Signed out' });
      }));
});
