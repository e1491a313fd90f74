import { ApiRoute, ErrorCode } from '@store/contract';
import {
  addressJson,
  bearer,
  EXAMPLE_ADDRESS,
  errorBody,
  pathFromState,
  resetApiClient,
  signedInAs,
  storeApiPact,
  useMockServer,
  EXAMPLE,
} from '@test/pact/store-api-pact';
import { getLastAddress } from './address';

const pact = storeApiPact();
afterEach(resetApiClient);

beforeEach(() => signedInAs());

describe('last shipping address', () => {
  it("answers the address of the buyer's latest paid order", () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .given('the customer has paid for an order shipped to an address')
      .uponReceiving("a request for the signed-in customer's last shipping address")
      .withRequest('GET', pathFromState(ApiRoute.lastAddress), (request) => request.headers(bearer()))
      .willRespondWith(200, (response) => response.jsonBody({ address: addressJson() }))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(getLastAddress()).resolves.toEqual({ address: EXAMPLE_ADDRESS });
      }));

  it('answers null for a buyer with no address yet', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .uponReceiving('a request for the last shipping address of a customer who has none')
      .withRequest('GET', pathFromState(ApiRoute.lastAddress), (request) => request.headers(bearer()))
      .willRespondWith(200, (response) => response.jsonBody({ address: null }))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(getLastAddress()).resolves.toEqual({ address: null });
      }));

  it('is refused without a session', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .uponReceiving('a request for the last shipping address without a sign-in')
      .withRequest('GET', pathFromState(ApiRoute.lastAddress))
      .willRespondWith(401, (response) => response.jsonBody(errorBody(ErrorCode.Unauthenticated, 'Sign in to continue')))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        signedInAs({ userId: EXAMPLE.userId, token: '' });
        await expect(getLastAddress()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      }));
});
