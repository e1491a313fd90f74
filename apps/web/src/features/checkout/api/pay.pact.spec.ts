import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, IDEMPOTENCY_KEY_HEADER, type PaymentInfo } from '@store/contract';
import {
  anId,
  bearer,
  colourProductState,
  describeStoreApi,
  EXAMPLE,
  EXAMPLE_ADDRESS,
  idFromState,
  pathFromState,
} from '@test/pact/store-api-pact';
import { pay } from './pay';
import { PRICED_INPUTS, PRICED_TOTAL, pricedInputsJson, quoteJson, US_SHOP } from '@test/pact/checkout-bodies';

const { boolean, eachLike, number, regex, string } = MatchersV3;

const interaction = describeStoreApi();

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

describe('payment', () => {
  it('charges a cart with a line of a variant (required for a product with options)', () =>
    interaction(
      {
        given: ['a customer exists', colourProductState],
        uponReceiving: 'a payment for a variant of a product in colours and sizes',
        request: [
          'POST',
          pathFromState(ApiRoute.payment),
          (request) =>
            request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody({
              paymentInfo: {
                paymentMethodNonce: 'fake-valid-nonce',
                amount: 19.99,
                products: [{ _id: idFromState('productId'), count: 1, variant: idFromState('variantId') }],
              },
            }),
        ],
        response: [200, (response) => response.jsonBody(approved())],
      },
      async () => {
        const result = await pay(
          {
            paymentMethodNonce: 'fake-valid-nonce',
            amount: 19.99,
            products: [{ _id: EXAMPLE.productId, count: 1, variant: EXAMPLE.variantId }],
          },
          IDEMPOTENCY_KEY,
        );
        expect(result.order).toEqual({ _id: EXAMPLE.orderId, status: 'Received', amount: 19.99 });
      },
    ));

  it('charges a cart with a line in a size (required for a product sold in sizes)', () =>
    interaction(
      {
        given: [
          'a customer exists',
          ['a product priced {price} sold in size {size} with {stock} in stock exists', { price: 19.99, size: 'M', stock: 3 }],
        ],
        uponReceiving: 'a payment for a product in a size',
        request: [
          'POST',
          pathFromState(ApiRoute.payment),
          (request) =>
            request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody({
              paymentInfo: {
                paymentMethodNonce: 'fake-valid-nonce',
                amount: 19.99,
                products: [{ _id: idFromState('productId'), count: 1, size: 'M' }],
              },
            }),
        ],
        response: [200, (response) => response.jsonBody(approved())],
      },
      async () => {
        const result = await pay(
          { paymentMethodNonce: 'fake-valid-nonce', amount: 19.99, products: [{ _id: EXAMPLE.productId, count: 1, size: 'M' }] },
          IDEMPOTENCY_KEY,
        );
        expect(result.order).toEqual({ _id: EXAMPLE.orderId, status: 'Received', amount: 19.99 });
      },
    ));

  it('charges the cart and places the order', () =>
    interaction(
      {
        given: ['a customer exists', cartProduct],
        uponReceiving: 'a payment with a valid card',
        request: [
          'POST',
          pathFromState(ApiRoute.payment),
          (request) => request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody(paymentBody('fake-valid-nonce')),
        ],
        response: [200, (response) => response.jsonBody(approved())],
      },
      async () => {
        const result = await pay(paymentInfo('fake-valid-nonce'), IDEMPOTENCY_KEY);
        expect(result.success).toBe(true);
        expect(result.order).toEqual({ _id: EXAMPLE.orderId, status: 'Received', amount: 19.99 });
      },
    ));

  it('charges the cart and places the order shipped to the address given', () =>
    interaction(
      {
        given: ['a customer exists', cartProduct],
        uponReceiving: 'a payment with a valid card and a shipping address',
        request: [
          'POST',
          pathFromState(ApiRoute.payment),
          (request) =>
            request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody({
              paymentInfo: { ...paymentBody('fake-valid-nonce').paymentInfo, shippingAddress: EXAMPLE_ADDRESS },
            }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              success: true,
              transaction: { id: string('k3j9x2p1'), amount: number(19.99), status: string('submitted_for_settlement') },
              order: { _id: anId(EXAMPLE.orderId), status: 'Received', amount: number(19.99) },
            }),
        ],
      },
      async () => {
        const result = await pay({ ...paymentInfo('fake-valid-nonce'), shippingAddress: EXAMPLE_ADDRESS }, IDEMPOTENCY_KEY);
        expect(result.order).toEqual({ _id: EXAMPLE.orderId, status: 'Received', amount: 19.99 });
      },
    ));

  it('refuses an address outside the shipping countries (400) before charging', () =>
    interaction(
      {
        given: ['a customer exists', cartProduct],
        uponReceiving: 'a payment with a shipping address in a country the shop does not ship to',
        request: [
          'POST',
          pathFromState(ApiRoute.payment),
          (request) =>
            request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody({
              paymentInfo: { ...paymentBody('fake-valid-nonce').paymentInfo, shippingAddress: { ...EXAMPLE_ADDRESS, country: 'XX' } },
            }),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              error: string('shippingAddress.country must be one of US, CA'),
              code: ErrorCode.ValidationFailed,
              details: eachLike({ field: 'paymentInfo.shippingAddress.country', message: string('must be one of the shipping countries') }),
            }),
        ],
      },
      async () => {
        const info = { ...paymentInfo('fake-valid-nonce'), shippingAddress: { ...EXAMPLE_ADDRESS, country: 'XX' as never } };
        await expect(pay(info, IDEMPOTENCY_KEY)).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      },
    ));

  it('is declined by the card issuer', () =>
    interaction(
      {
        given: ['a customer exists', cartProduct],
        uponReceiving: 'a payment with a card that is declined',
        request: [
          'POST',
          pathFromState(ApiRoute.payment),
          (request) => request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody(paymentBody('fake-processor-declined-visa-nonce')),
        ],
        response: [
          402,
          (response) =>
            response.jsonBody({
              success: boolean(false),
              error: string('Your card was declined: Do Not Honor'),
              code: ErrorCode.PaymentDeclined,
            }),
        ],
      },
      async () => {
        await expect(pay(paymentInfo('fake-processor-declined-visa-nonce'), IDEMPOTENCY_KEY)).rejects.toMatchObject({
          status: 402,
          code: 'PAYMENT_DECLINED',
          message: 'Your card was declined: Do Not Honor',
        });
      },
    ));

  describe("with the shop's pricing (docs/pricing.md)", () => {
    const usShop = ['a customer exists', ...US_SHOP] as const;
    const pricedBody = (amount: number) => ({
      paymentInfo: {
        ...pricedInputsJson(),
        paymentMethodNonce: 'fake-valid-nonce',
        amount,
        shippingAddress: EXAMPLE_ADDRESS,
      },
    });
    const pricedInfo = (amount: number): PaymentInfo => ({
      ...PRICED_INPUTS,
      paymentMethodNonce: 'fake-valid-nonce',
      amount,
      shippingAddress: EXAMPLE_ADDRESS,
    });

    it('charges the quoted total with a shipping method and a discount code', () =>
      interaction(
        {
          given: usShop,
          uponReceiving: 'a payment with a shipping method and a discount code at the quoted total',
          request: [
            'POST',
            pathFromState(ApiRoute.payment),
            (request) => request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody(pricedBody(23.89)),
          ],
          response: [
            200,
            (response) =>
              response.jsonBody({
                success: true,
                transaction: { id: string('k3j9x2p1'), amount: number(23.89), status: string('submitted_for_settlement') },
                order: { _id: anId(EXAMPLE.orderId), status: 'Received', amount: number(23.89) },
              }),
          ],
        },
        async () => {
          const result = await pay(pricedInfo(PRICED_TOTAL), IDEMPOTENCY_KEY);
          expect(result.transaction.amount).toBe(PRICED_TOTAL);
        },
      ));

    it('answers 409 with the new quote when the total is not the one the server prices', () =>
      interaction(
        {
          given: usShop,
          uponReceiving: 'a payment at a total the shop no longer quotes',
          request: [
            'POST',
            pathFromState(ApiRoute.payment),
            (request) => request.headers({ ...bearer(), ...idempotencyHeader }).jsonBody(pricedBody(19.99)),
          ],
          response: [
            409,
            (response) =>
              response.jsonBody({
                error: string('The cart total is $23.89, not $19.99; prices have changed, review your cart'),
                code: ErrorCode.Conflict,
                details: eachLike({ field: 'paymentInfo.amount', message: string('must be 23.89') }),
                quote: quoteJson(),
              }),
          ],
        },
        async () => {
          await expect(pay(pricedInfo(19.99), IDEMPOTENCY_KEY)).rejects.toMatchObject({ status: 409, body: { quote: { total: 23.89 } } });
        },
      ));
  });
});
