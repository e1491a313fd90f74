import {
  allocate,
  cartWeightGrams,
  type CartItem,
  type DiscountRule,
  lineTax,
  priceCart,
  type PricingInput,
  type PricingRules,
  roundDiv,
  weightRateCents,
} from './pricing.js';

const TEE = 'aaaaaaaa-0000-4000-8000-000000000001';
const MUG = 'aaaaaaaa-0000-4000-8000-000000000002';
const TEES = 'cccccccc-0000-4000-8000-000000000001';
const STANDARD = 'dddddddd-0000-4000-8000-000000000001';
const EXPRESS = 'dddddddd-0000-4000-8000-000000000002';

const items: CartItem[] = [
  { productId: TEE, name: 'Tee', unitCents: 1999, count: 2, categoryId: TEES },
  { productId: MUG, name: 'Mug', unitCents: 1001, count: 1, categoryId: null },
];
const none: PricingRules = { pricesIncludeTax: false, zones: [], taxRates: [] };
const us: PricingRules = {
  pricesIncludeTax: false,
  zones: [
    {
      id: 'z1',
      name: 'North America',
      countries: ['US', 'CA'],
      methods: [
        { id: STANDARD, name: 'Standard', rateCents: 500, freeOverCents: 10_000 },
        { id: EXPRESS, name: 'Express', rateCents: 1500, freeOverCents: null },
      ],
    },
  ],
  taxRates: [
    { id: 't1', country: 'US', region: '', name: 'Sales tax', rateMilli: 5000 },
    { id: 't2', country: 'US', region: 'NY', name: 'NY sales tax', rateMilli: 8875 },
    { id: 't3', country: 'CA', region: '', name: 'GST', rateMilli: 5000 },
  ],
};
const eu: PricingRules = {
  pricesIncludeTax: true,
  zones: [
    { id: 'z2', name: 'EU', countries: ['FR', 'DE'], methods: [{ id: STANDARD, name: 'Colissimo', rateCents: 490, freeOverCents: null }] },
  ],
  taxRates: [{ id: 't4', country: 'FR', region: '', name: 'TVA', rateMilli: 20_000 }],
};
const now = new Date('2026-11-25T12:00:00Z');

function code(overrides: Partial<DiscountRule>): DiscountRule {
  return {
    id: 'c1',
    code: 'SAVE10',
    kind: 'percentage',
    value: 1000,
    validFrom: null,
    validUntil: null,
    minSubtotalCents: null,
    categoryIds: [],
    productIds: [],
    maxUses: null,
    maxUsesPerCustomer: null,
    uses: 0,
    customerUses: 0,
    ...overrides,
  };
}

function price(input: Partial<PricingInput>) {
  const result = priceCart({ rules: none, items, mode: 'payment', now, ...input });
  if (!result.ok) throw new Error(`refused: ${result.refusal.message}`);
  return result.cart;
}

function refusal(input: Partial<PricingInput>) {
  const result = priceCart({ rules: none, items, mode: 'payment', now, ...input });
  if (result.ok) throw new Error('priced');
  return result.refusal;
}

describe('priceCart', () => {
  it('charges exactly the sum of the items in a shop with no shipping, taxes or code (the original client)', () => {
    const cart = price({});
    expect(cart).toMatchObject({
      subtotalCents: 4999,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 4999,
      taxes: [],
      offered: [],
    });
    expect(cart.needsDestination).toBe(false);
  });

  it('adds tax per line, each rounded half up, for a shop whose prices exclude it', () => {
    const cart = price({ rules: us, destination: { country: 'US', region: 'NY' }, shippingMethodId: STANDARD });
    // 3998 x 8.875% = 354.8225 -> 355; 1001 x 8.875% = 88.83875 -> 89
    expect(cart.lines.map((l) => l.taxCents)).toEqual([355, 89]);
    expect(cart).toMatchObject({ taxCents: 444, shippingCents: 500, totalCents: 4999 + 500 + 444 });
    expect(cart.taxes).toEqual([{ name: 'NY sales tax', rateMilli: 8875, cents: 444 }]);
  });

  it("falls back to the country's rate when the region has none", () => {
    const cart = price({ rules: us, destination: { country: 'US', region: 'OR' }, shippingMethodId: EXPRESS });
    expect(cart.taxes[0].name).toBe('Sales tax');
    expect(cart.lines.map((l) => l.taxCents)).toEqual([200, 50]); // 199.9 -> 200, 50.05 -> 50
    expect(cart.shippingCents).toBe(1500);
  });

  it('prices a method by weight from the bracket that holds the cart (lines without a weight weigh nothing)', () => {
    expect(
      weightRateCents(
        [
          { upToGrams: 2000, rateCents: 900 },
          { upToGrams: 500, rateCents: 400 },
        ],
        500,
      ),
    ).toBe(400);
    expect(
      weightRateCents(
        [
          { upToGrams: 500, rateCents: 400 },
          { upToGrams: 2000, rateCents: 900 },
        ],
        501,
      ),
    ).toBe(900);
    expect(weightRateCents([{ upToGrams: 500, rateCents: 400 }], 501)).toBeUndefined();
    expect(
      cartWeightGrams([
        { ...items[0], weightGrams: 200 },
        { ...items[1], weightGrams: null },
      ]),
    ).toBe(200 * items[0].count);

    const byWeight: PricingRules = {
      ...none,
      zones: [
        {
          id: 'z',
          name: 'US',
          countries: ['US'],
          methods: [
            { id: 'flat', name: 'Flat', rateCents: 1500, freeOverCents: null },
            {
              id: 'post',
              name: 'Post',
              rateCents: 400,
              freeOverCents: null,
              weightBrackets: [
                { upToGrams: 500, rateCents: 400 },
                { upToGrams: 1000, rateCents: 700 },
              ],
            },
          ],
        },
      ],
    };
    const light = [{ ...items[0], count: 2, weightGrams: 200 }];
    const cart = price({ rules: byWeight, items: light, destination: { country: 'US' }, shippingMethodId: 'post' });
    expect(cart.offered).toEqual([
      { id: 'post', name: 'Post', cents: 400 },
      { id: 'flat', name: 'Flat', cents: 1500 },
    ]);
    expect(cart.shippingCents).toBe(400);
    // 3 x 200 g = 600 g: the second bracket.
    expect(
      price({ rules: byWeight, items: [{ ...light[0], count: 3 }], destination: { country: 'US' }, shippingMethodId: 'post' })
        .shippingCents,
    ).toBe(700);
    // 6 x 200 g = 1200 g: heavier than Post's last bracket, so only the flat method is offered.
    const heavy = [{ ...light[0], count: 6 }];
    expect(price({ rules: byWeight, items: heavy, destination: { country: 'US' }, mode: 'quote' }).offered.map((m) => m.id)).toEqual([
      'flat',
    ]);
    expect(refusal({ rules: byWeight, items: heavy, destination: { country: 'US' }, shippingMethodId: 'post' }).field).toBe(
      'shippingMethod',
    );
  });

  it('names the regions of the country that have a rate of their own (the checkout asks for one), none elsewhere', () => {
    expect(price({ rules: us, destination: { country: 'US' }, mode: 'quote' }).taxRegions).toEqual(['NY']);
    expect(price({ rules: us, destination: { country: 'CA' }, mode: 'quote' }).taxRegions).toEqual([]);
    expect(price({ rules: us, mode: 'quote' }).taxRegions).toEqual([]);
  });

  it('finds the tax contained in prices that include it (EU shop): the total is the shelf price plus shipping', () => {
    const cart = price({ rules: eu, destination: { country: 'FR' }, shippingMethodId: STANDARD });
    // 3998 / 1.2 = 3331.67 -> net 3332, tax 666; 1001 / 1.2 = 834.17 -> 834, tax 167
    expect(cart.lines.map((l) => l.taxCents)).toEqual([666, 167]);
    expect(cart).toMatchObject({ taxCents: 833, shippingCents: 490, totalCents: 4999 + 490, pricesIncludeTax: true });
  });

  it('spreads a percentage code over the lines it reaches, exactly, and taxes what is left', () => {
    const cart = price({ rules: us, destination: { country: 'US' }, shippingMethodId: STANDARD, codeText: 'save10', code: code({}) });
    // 10% of 4999 = 499.9 -> 500, split 3998:1001 -> 399.84 / 100.16 -> 400 / 100
    expect(cart.lines.map((l) => l.discountCents)).toEqual([400, 100]);
    expect(cart.discountCents).toBe(500);
    expect(cart.lines.map((l) => l.taxCents)).toEqual([180, 45]); // 3598 x 5% = 179.9, 901 x 5% = 45.05
    expect(cart.totalCents).toBe(4999 - 500 + 500 + 225);
  });

  it('limits a code to its categories or products', () => {
    const cart = price({ codeText: 'TEES', code: code({ kind: 'fixed', value: 700, categoryIds: [TEES] }) });
    expect(cart.lines.map((l) => l.discountCents)).toEqual([700, 0]);
    const mugOnly = price({ codeText: 'MUG', code: code({ kind: 'fixed', value: 5000, productIds: [MUG] }) });
    expect(mugOnly.lines.map((l) => l.discountCents)).toEqual([0, 1001]); // never more than the line
    expect(refusal({ codeText: 'x', code: code({ productIds: ['bbbbbbbb-0000-4000-8000-000000000009'] }) }).message).toBe(
      'The code X does not apply to anything in your cart',
    );
  });

  it('makes shipping free with a free-shipping code, or over the method threshold', () => {
    const free = price({
      rules: us,
      destination: { country: 'CA' },
      shippingMethodId: EXPRESS,
      codeText: 'ship',
      code: code({ kind: 'free-shipping', value: 0 }),
    });
    expect(free).toMatchObject({ shippingCents: 0, discountCents: 0 });
    const big: CartItem[] = [{ ...items[0], count: 6 }];
    expect(price({ rules: us, items: big, destination: { country: 'CA' }, shippingMethodId: STANDARD }).shippingCents).toBe(0);
  });

  it('says why a code does not apply', () => {
    expect(refusal({ codeText: 'nope' })).toEqual({ status: 400, field: 'discountCode', message: 'There is no discount code NOPE' });
    expect(refusal({ codeText: 'a', code: code({ validUntil: new Date('2026-11-01T00:00:00Z') }) }).message).toBe(
      'The code A expired on 2026-11-01',
    );
    expect(refusal({ codeText: 'a', code: code({ validFrom: new Date('2026-12-01T00:00:00Z') }) }).message).toBe(
      'The code A is not valid until 2026-12-01',
    );
    expect(refusal({ codeText: 'a', code: code({ maxUses: 5, uses: 5 }) })).toMatchObject({
      status: 409,
      message: 'The code A has been used up',
    });
    expect(refusal({ codeText: 'a', code: code({ maxUsesPerCustomer: 1, customerUses: 1 }) }).message).toBe(
      'You have already used the code A',
    );
    expect(refusal({ codeText: 'a', code: code({ minSubtotalCents: 5000 }) }).message).toBe(
      'The code A needs a subtotal of at least $50.00',
    );
  });

  it('refuses a country with no method, a method not offered there and a country with no tax rate', () => {
    expect(refusal({ rules: us, destination: { country: 'FR' }, shippingMethodId: STANDARD })).toEqual({
      status: 400,
      field: 'country',
      message: 'We do not ship to France yet',
    });
    expect(refusal({ rules: eu, destination: { country: 'FR' }, shippingMethodId: EXPRESS }).field).toBe('shippingMethod');
    expect(refusal({ rules: eu, destination: { country: 'DE' }, shippingMethodId: STANDARD }).message).toBe(
      'No tax rate is set for Germany, so the shop cannot sell there yet',
    );
  });

  it('asks an old client (no method, no address) for them once the shop has shipping, and quotes the cheapest', () => {
    expect(refusal({ rules: us })).toMatchObject({ field: 'country' });
    expect(refusal({ rules: us, destination: { country: 'US' } })).toEqual({
      status: 400,
      field: 'shippingMethod',
      message: 'Choose a shipping method',
    });
    const quote = priceCart({ rules: us, items, mode: 'quote', now, destination: { country: 'US' } });
    expect(quote.ok && quote.cart.method?.id).toBe(STANDARD);
    const noAddress = priceCart({ rules: us, items, mode: 'quote', now });
    expect(noAddress.ok && noAddress.cart.needsDestination).toBe(true);
  });
});

describe('rounding helpers', () => {
  it('allocate splits exactly and never over a weight', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    for (let total = 0; total <= 201; total += 3) {
      const weights = [123, 0, 77, 1];
      const shares = allocate(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(weights[i]));
    }
  });

  it('rounds half up', () => {
    expect(roundDiv(5, 10)).toBe(1);
    expect(roundDiv(4, 10)).toBe(0);
    expect(lineTax(1000, 20_000, false)).toBe(200);
    expect(lineTax(1200, 20_000, true)).toBe(200);
    expect(lineTax(1, 20_000, true)).toBe(0); // 1 / 1.2 = 0.83 -> net 1
  });
});
