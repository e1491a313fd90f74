import { CART_MAX_LINES, PAYMENT_AMOUNT_MAX, SHIPPING_LINE_MAX, SHIPPING_NAME_MAX } from '@store/contract';
import { PaymentRequestDto, wellFormedPaymentRequest } from '@store/contract/dto/payment-request.dto';
import { bodiesWith, expectDtoAnswers } from '../../../test/support/body-checks.js';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const OTHER = 'BBBBBBBB-0000-4000-A000-00000000000B';
const METHOD = 'dddddddd-0000-4000-8000-000000000001';

/** The web app's signed-in payment, to be broken field by field. */
const base = () => ({
  paymentInfo: {
    paymentMethodNonce: 'fake-valid-nonce',
    amount: 76.47999999999999,
    products: [
      { _id: ID, count: 2, variant: 17 },
      { _id: OTHER, count: 1, size: 'M' },
    ],
    shippingAddress: {
      name: 'Zoë Ångström',
      line1: '1 Main St',
      line2: 'Apt 2',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US',
      phone: '+1 (555) 123-4567',
    },
    shippingMethod: METHOD,
    discountCode: 'save10',
    region: 'NY',
  },
});

/** Values every field is tried with besides its own: wrong types, empties, nulls, text to trim, numbers out of range. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  ' x ',
  '\u200b',
  'a\u0007b',
  'a\nb',
  'é'.repeat(SHIPPING_NAME_MAX),
  '👕'.repeat(SHIPPING_LINE_MAX),
  '👕'.repeat(SHIPPING_LINE_MAX + 1),
  'x'.repeat(4096),
  'x'.repeat(4097),
  0,
  -1,
  1.5,
  12.505,
  0.1 + 0.2,
  PAYMENT_AMOUNT_MAX,
  PAYMENT_AMOUNT_MAX + 0.01,
  '1',
  1,
  true,
  [],
  {},
  [{}],
  ID,
  ` ${ID}`,
  'US',
  ' US',
  'us',
  'ZZ',
  'NY',
  'N Y',
  'ABCDEFGHI',
  '12345',
  'SW1A 1AA',
  '1',
  '555-1234',
  '+44 20 7946 0958',
  'save10',
  ' save10 ',
  'M',
];

function bodies(): unknown[] {
  const info = (...path: (string | number)[]) => ['paymentInfo', ...path];
  const paths: (string | number)[][] = [
    ['paymentInfo'],
    ['extra'],
    info('paymentMethodNonce'),
    info('amount'),
    info('products'),
    info('products', 0, 'count'),
    info('products', 1, 'size'),
    info('shippingMethod'),
    info('discountCode'),
    info('region'),
    info('email'),
    info('extra'),
    info('shippingAddress'),
    info('shippingAddress', 'name'),
    info('shippingAddress', 'line1'),
    info('shippingAddress', 'line2'),
    info('shippingAddress', 'city'),
    info('shippingAddress', 'postalCode'),
    info('shippingAddress', 'country'),
    info('shippingAddress', 'phone'),
    info('shippingAddress', 'extra'),
  ];
  const lines = (count: number) => Array.from({ length: count }, () => ({ _id: ID, count: 1 }));
  return [
    ...bodiesWith(base, paths, ODD_VALUES),
    // The benchmark's body: no address, no method, code or region.
    { paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 15, products: [{ _id: ID, variant: 3, count: 1 }] } },
    { paymentInfo: { ...base().paymentInfo, products: lines(CART_MAX_LINES) } },
    { paymentInfo: { ...base().paymentInfo, products: lines(CART_MAX_LINES + 1) } },
    undefined,
    null,
    [],
    'text',
  ];
}

describe("the checkout's body: the hand-written check and the DTO", () => {
  it('answers every body as PaymentRequestDto does', async () => {
    const taken = await expectDtoAnswers(PaymentRequestDto, wellFormedPaymentRequest, bodies());
    // The common bodies do take the short way: the base, and each odd value that is valid where it was put.
    expect(taken).toBeGreaterThan(30);
  });

  it('takes the bodies the benchmark and the web app send', () => {
    const bench = { paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 15, products: [{ _id: ID, variant: 3, count: 1 }] } };
    expect(wellFormedPaymentRequest(bench)).toEqual(bench);
    expect(wellFormedPaymentRequest(base())).toEqual(base());
  });
});
