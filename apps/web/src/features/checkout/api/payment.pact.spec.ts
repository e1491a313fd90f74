import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, IDEMPOTENCY_KEY_HEADER, type PaymentInfo } from '@store/contract';
import {
  anId,
  bearer,
  EXAMPLE,
  errorBody,
  idFromState,
  pathFromState,
  resetApiClient,
  signedInAs,
  storeApiPact,
  useMockServer,
} from '@test/pact/store-api-pact';
import { getClientToken, pay } from './payment';

const { boolean, number, regex, string } = MatchersV3;

const pact = storeApiPact();
afterEach(resetApiClient);

beforeEach(() => signedInAs());

/** The product in the cart: its price is what the server charges, so the state fixes it. */
const cartProduct = ['a product priced {price} with {stock} in stock exists', { price: 19.99, stock: 10 }] as const;
const IDEMPOTENCY_KEY = '0b7f3c1e-8d2a-4f6b-9c1d-5e4a3b2c1d0e';
const idempotencyHeader = { [IDEMPOTENCY_KEY_HEADER]: regex('^[\\x21-\\x7e]{1,255}$', IDEMPOTENCY_KEY) };

/** The payment request for one Classic Tee; the product id is the one the provider state created. */
function paymentBody(nonce: string) {
  return { paymentInfo: { paymentMethodNonce: nonce, amount: 19.99, products: [{ _id: idFromState('productId'), count: 1 }] } };
}
const paymentInfo = (nonce: string): PaymentInfo => ({
  paymentMethodNonce: nonce,
  amount: 19.99,
  products: [{ _id: EXAMPLE.productId, count: 1 }],
});

/** The answer to an approved payment of one Classic Tee. */
const approved = () => ({
  success: true,
  transaction: { id: string('k3j9x2p1'), amount: number(19.99), status: string('submitted_for_settlement') },
  order: { _id: anId(EXAMPLE.orderId), status: 'Received', amount: number(19.99) },
});

describe('payment client token', () => {
  it('is given to a signed-in customer', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .uponReceiving('a request for a payment client token')
      .withRequest('GET', pathFromState(ApiRoute.paymentToken), (request) => request.headers(bearer()))
      .willRespondWith(200, (response) =>
        response.jsonBody({ clientToken: string('test-gateway-token'), gateway: regex('^(braintree|test)$', 'test') }),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(getClientToken()).resolves.toEqual({ clientToken: 'test-gateway-token', gateway: 'test' });
      }));

  it('is refused without a session', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .uponReceiving('a request for a payment client token without a sign-in')
      .withRequest('GET', pathFromState(ApiRoute.paymentToken))
      .willRespondWith(401, (response) => response.jsonBody(errorBody(ErrorCode.Unauthenticated, 'Sign in to continue')))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        // A visitor with no stored session has no token to send.
        signedInAs({ userId: EXAMPLE.userId, token: '' });
        await expect(getClientToken()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      }));
});

describe('payment', () => {
  it('charges a cart with a line in a size (required for a product sold in sizes)', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .given('a product priced {price} sold in size {size} with {stock} in stock exists', { price: 19.99, size: 'M', stock: 3 })
      .uponReceiving('a payment for a product in a size')
      .withRequest('POST', pathFromState(ApiRoute.payment), (request) =>
        request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody({
          paymentInfo: {
            paymentMethodNonce: 'fake-valid-nonce',
            amount: 19.99,
            products: [{ _id: idFromState('productId'), count: 1, size: 'M' }],
          },
        }),
      )
      .willRespondWith(200, (response) => response.jsonBody(approved()))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        const result = await pay(
          { paymentMethodNonce: 'fake-valid-nonce', amount: 19.99, products: [{ _id: EXAMPLE.productId, count: 1, size: 'M' }] },
          IDEMPOTENCY_KEY,
        );
        expect(result.order).toEqual({ _id: EXAMPLE.orderId, status: 'Received', amount: 19.99 });
      }));

  it('charges the cart and places the order', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .given(...cartProduct)
      .uponReceiving('a payment with a valid card')
      .withRequest('POST', pathFromState(ApiRoute.payment), (request) =>
        request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody(paymentBody('fake-valid-nonce')),
      )
      .willRespondWith(200, (response) => response.jsonBody(approved()))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        const result = await pay(paymentInfo('fake-valid-nonce'), IDEMPOTENCY_KEY);
        expect(result.success).toBe(true);
        expect(result.order).toEqual({ _id: EXAMPLE.orderId, status: 'Received', amount: 19.99 });
      }));

  it('is declined by the card issuer', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .given(...cartProduct)
      .uponReceiving('a payment with a card that is declined')
      .withRequest('POST', pathFromState(ApiRoute.payment), (request) =>
        request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody(paymentBody('fake-processor-declined-visa-nonce')),
      )
      .willRespondWith(402, (response) =>
        response.jsonBody({
          success: boolean(false),
          error: string('Your card was declined: Do Not Honor'),
          code: ErrorCode.PaymentDeclined,
        }),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(pay(paymentInfo('fake-processor-declined-visa-nonce'), IDEMPOTENCY_KEY)).rejects.toMatchObject({
          status: 402,
          code: 'PAYMENT_DECLINED',
          message: 'Your card was declined: Do Not Honor',
        });
      }));
});
