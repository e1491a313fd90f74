import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, type GuestPaymentInfo, IDEMPOTENCY_KEY_HEADER } from '@store/contract';
import { PRICED_INPUTS, PRICED_TOTAL, pricedInputsJson, US_SHOP } from '@test/pact/checkout-bodies';
import { anId, describeStoreApi, EXAMPLE, EXAMPLE_ADDRESS, fixedPath } from '@test/pact/store-api-pact';
import { payAsGuest } from './pay-as-guest';

const { number, regex, string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const IDEMPOTENCY_KEY = '3c9e1f0a-7b2d-4e6f-8a1c-2d3e4f5a6b7c';
const idempotencyHeader = { [IDEMPOTENCY_KEY_HEADER]: regex('^[\\x21-\\x7e]{1,255}$', IDEMPOTENCY_KEY) };
const ORDER_TOKEN = 'R3Vlc3Qtb3JkZXItbGluay10b2tlbi1leGFtcGxlMDA';

/** A guest's payment in the US shop (the same pricing inputs as the signed-in payment's), to `email`. */
const guestBody = (email: string) => ({
  paymentInfo: {
    ...pricedInputsJson(),
    email,
    paymentMethodNonce: 'fake-valid-nonce',
    amount: PRICED_TOTAL,
    shippingAddress: EXAMPLE_ADDRESS,
  },
});
const guestInfo = (email: string): GuestPaymentInfo => ({
  ...PRICED_INPUTS,
  email,
  paymentMethodNonce: 'fake-valid-nonce',
  amount: PRICED_TOTAL,
  shippingAddress: EXAMPLE_ADDRESS,
});

describe('guest payment', () => {
  it("charges a guest the quoted total and answers the order link's token", () =>
    interaction(
      {
        given: US_SHOP,
        uponReceiving: 'a guest payment with an e-mail, an address, a shipping method and a discount code',
        request: [
          'POST',
          fixedPath(ApiRoute.guestPayment),
          (request) => request.headers(idempotencyHeader).jsonBody(guestBody('guest@example.com')),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              success: true,
              transaction: { id: string('k3j9x2p1'), amount: number(PRICED_TOTAL), status: string('submitted_for_settlement') },
              order: { _id: anId(EXAMPLE.orderId), status: 'Received', amount: number(PRICED_TOTAL) },
              orderToken: regex('^[A-Za-z0-9_-]{43}$', ORDER_TOKEN),
            }),
        ],
      },
      async () => {
        const result = await payAsGuest(guestInfo('guest@example.com'), IDEMPOTENCY_KEY);
        expect(result).toMatchObject({ success: true, orderToken: ORDER_TOKEN, transaction: { amount: PRICED_TOTAL } });
      },
    ));

  it('refuses an e-mail that is not one (400 naming the field) before charging', () =>
    interaction(
      {
        given: US_SHOP,
        uponReceiving: 'a guest payment with an e-mail that is not an address',
        request: [
          'POST',
          fixedPath(ApiRoute.guestPayment),
          (request) => request.headers(idempotencyHeader).jsonBody(guestBody('not-an-address')),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              error: string('email must be a valid email address'),
              code: ErrorCode.ValidationFailed,
              details: [{ field: 'paymentInfo.email', message: string('email must be a valid email address') }],
            }),
        ],
      },
      async () => {
        await expect(payAsGuest(guestInfo('not-an-address'), IDEMPOTENCY_KEY)).rejects.toMatchObject({
          status: 400,
          body: { details: [{ field: 'paymentInfo.email' }] },
        });
      },
    ));
});
