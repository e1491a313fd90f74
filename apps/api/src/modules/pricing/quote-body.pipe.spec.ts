import { CART_LINE_MAX_COUNT, CART_MAX_LINES, DISCOUNT_CODE_MAX } from '@store/contract';
import { GuestQuoteRequestDto, QuoteRequestDto, wellFormedQuoteRequest } from '@store/contract/dto/quote-request.dto';
import { bodiesWith, expectDtoAnswers } from '../../../test/support/body-checks.js';
import { QuoteBodyPipe } from './quote-body.pipe.js';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const OTHER = 'BBBBBBBB-0000-4000-A000-00000000000B';
const METHOD = 'dddddddd-0000-4000-8000-000000000001';

/** A well-formed body, to be broken field by field. */
const base = () => ({
  products: [
    { _id: ID, count: 2, variant: 17 },
    { _id: OTHER, count: 1, size: 'M' },
  ],
  destination: { country: 'US', region: 'NY' },
  shippingMethod: METHOD,
  discountCode: 'save10',
});

/** Values every field is tried with besides its own: wrong types, empties, nulls, text to trim, numbers out of range. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  ' M ',
  0,
  -1,
  1.5,
  '1',
  1,
  CART_LINE_MAX_COUNT,
  CART_LINE_MAX_COUNT + 1,
  2147483647,
  2147483648,
  true,
  [],
  {},
  [{}],
  ID,
  ` ${ID}`,
  '00000000-0000-0000-0000-000000000000',
  'aaaaaaaa-0000-0000-0000-000000000001',
  'US',
  'us',
  'ZZ',
  'NY',
  ' NY',
  'N Y',
  'ABCDEFGHI',
  'save10',
  ' save10 ',
  'a'.repeat(DISCOUNT_CODE_MAX),
  'a'.repeat(DISCOUNT_CODE_MAX + 1),
  'été',
  '👕'.repeat(DISCOUNT_CODE_MAX),
  'XL',
  'XXXL',
  'm',
];

/** Every body: the base, each field (and each line's and the destination's) set to each odd value, unknown fields. */
function bodies(): unknown[] {
  const paths: (string | number)[][] = [
    ['products'],
    ['destination'],
    ['shippingMethod'],
    ['discountCode'],
    ['products', 0],
    ['products', 0, '_id'],
    ['products', 0, 'count'],
    ['products', 0, 'variant'],
    ['products', 1, 'size'],
    ['destination', 'country'],
    ['destination', 'region'],
    ['email'],
    ['extra'],
    ['products', 0, 'extra'],
    ['destination', 'extra'],
  ];
  return [
    ...bodiesWith(base, paths, ODD_VALUES),
    { products: base().products },
    undefined,
    null,
    [],
    'text',
    7,
    { ...base(), products: Array.from({ length: CART_MAX_LINES }, () => ({ _id: ID, count: 1 })) },
    { ...base(), products: Array.from({ length: CART_MAX_LINES + 1 }, () => ({ _id: ID, count: 1 })) },
    { ...base(), email: 'Guest@Example.com' },
  ];
}

describe("the quote's body: the hand-written check and the DTO", () => {
  const cases = bodies();

  it.each([
    ['QuoteRequestDto', QuoteRequestDto],
    ['GuestQuoteRequestDto', GuestQuoteRequestDto],
  ] as const)('answers every body as the DTO does (%s)', async (_name, dto) => {
    const taken = await expectDtoAnswers(dto, wellFormedQuoteRequest, cases);
    // The common bodies do take the short way: the base, and each odd value that is valid where it was put.
    expect(taken).toBeGreaterThan(20);
  });

  it("is the route's pipe: the DTO for what the check leaves", async () => {
    const pipe = new QuoteBodyPipe(QuoteRequestDto);
    await expect(pipe.transform({ products: [{ _id: ` ${ID}`, count: 1 }] })).rejects.toThrow('each product _id must be a valid id');
    await expect(pipe.transform({ products: [{ _id: ID, count: 1 }], discountCode: ' save10 ' })).resolves.toEqual({
      products: [{ _id: ID, count: 1 }],
      discountCode: 'save10',
    });
  });

  it('takes the bodies the benchmark and the web app send', () => {
    expect(
      wellFormedQuoteRequest({ products: [{ _id: ID, variant: 3, count: 1 }], destination: { country: 'US' }, discountCode: 'bench10' }),
    ).toEqual({ products: [{ _id: ID, variant: 3, count: 1 }], destination: { country: 'US' }, discountCode: 'bench10' });
    expect(wellFormedQuoteRequest({ products: [{ _id: ID, count: 1 }] })).toEqual({ products: [{ _id: ID, count: 1 }] });
  });
});
