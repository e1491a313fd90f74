import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { anId, bearer, describeStoreApi, EXAMPLE, errorBody, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { createDiscountCode } from './create-discount-code';
import { createShippingMethod } from './create-shipping-method';
import { createShippingZone } from './create-shipping-zone';
import { createTaxRate } from './create-tax-rate';
import { deleteDiscountCode } from './delete-discount-code';
import { getPricing } from './get-pricing';
import { savePricingSettings } from './save-pricing-settings';

const { boolean, eachLike, integer, number, string } = MatchersV3;

const interaction = describeStoreApi();

const usShop = [
  'the shop ships to {country} by {method} for {price} and taxes it at {rate}%',
  { country: 'US', method: 'Standard', price: 5, rate: 5 },
] as const;
const saveCode = ['a discount code {code} takes {percent}% off', { code: 'SAVE10', percent: 10 }] as const;

/** The Pricing screen as the API answers it: the US shop's zone, method and rate, and the SAVE10 code. */
const pricingScreen = () => ({
  settings: { pricesIncludeTax: boolean(false) },
  zones: eachLike({
    _id: anId(EXAMPLE.zoneId),
    name: string('US zone'),
    countries: eachLike('US'),
    methods: eachLike({
      _id: anId(EXAMPLE.shippingMethodId),
      zone: anId(EXAMPLE.zoneId),
      name: string('Standard'),
      price: number(5),
      freeOver: null,
    }),
  }),
  taxRates: eachLike({ _id: anId(EXAMPLE.rateId), country: 'US', region: '', name: string('Sales tax'), rate: number(5) }),
  discountCodes: eachLike({
    _id: anId(EXAMPLE.codeId),
    code: 'SAVE10',
    kind: 'percentage',
    value: number(10),
    validFrom: null,
    validUntil: null,
    minSubtotal: null,
    categories: [],
    products: [],
    maxUses: null,
    maxUsesPerCustomer: null,
    uses: integer(0),
    discountGiven: number(0),
  }),
});

describe('pricing administration', () => {
  it("shows the shop's tax setting, shipping zones and methods, tax rates and codes with their usage", () =>
    interaction(
      {
        given: ['an admin exists', usShop, saveCode],
        uponReceiving: "a request from an admin for the shop's pricing",
        request: ['GET', pathFromState(ApiRoute.pricingAdmin), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody(pricingScreen())],
      },
      async () => {
        const pricing = await getPricing();
        expect(pricing.zones[0].methods[0]).toMatchObject({ name: 'Standard', price: 5 });
        expect(pricing.discountCodes[0]).toMatchObject({ code: 'SAVE10', uses: 0 });
      },
    ));

  it('is refused to a customer', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: "a request from a customer for the shop's pricing",
        request: ['GET', pathFromState(ApiRoute.pricingAdmin), (request) => request.headers(bearer())],
        response: [403, (response) => response.jsonBody(errorBody(ErrorCode.Forbidden, 'You are not allowed to do this'))],
      },
      async () => {
        await expect(getPricing()).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
      },
    ));

  it('creates a shipping zone', () =>
    interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from an admin to create a shipping zone',
        request: [
          'POST',
          pathFromState(ApiRoute.shippingZoneCreate),
          (request) => request.headers(bearer()).jsonBody({ name: 'Europe', countries: ['FR', 'DE'] }),
        ],
        response: [
          201,
          (response) =>
            response.jsonBody({
              settings: { pricesIncludeTax: boolean(false) },
              zones: [{ _id: anId(EXAMPLE.zoneId), name: 'Europe', countries: ['FR', 'DE'], methods: [] }],
              taxRates: [],
              discountCodes: [],
            }),
        ],
      },
      async () => {
        const pricing = await createShippingZone({ name: 'Europe', countries: ['FR', 'DE'] });
        expect(pricing.zones[0]).toMatchObject({ name: 'Europe', countries: ['FR', 'DE'] });
      },
    ));

  it('adds a shipping method to a zone', () =>
    interaction(
      {
        given: ['an admin exists', usShop],
        uponReceiving: 'a request from an admin to add a shipping method that is free over a subtotal',
        request: [
          'POST',
          pathFromState(ApiRoute.shippingMethodCreate),
          (request) => request.headers(bearer()).jsonBody({ zone: idFromState('zoneId'), name: 'Express', price: 15, freeOver: 200 }),
        ],
        response: [
          201,
          (response) =>
            response.jsonBody({
              settings: { pricesIncludeTax: boolean(false) },
              zones: [
                {
                  _id: anId(EXAMPLE.zoneId),
                  name: string('US zone'),
                  countries: ['US'],
                  methods: [
                    { _id: anId(EXAMPLE.shippingMethodId), zone: anId(EXAMPLE.zoneId), name: 'Standard', price: number(5), freeOver: null },
                    {
                      _id: anId(EXAMPLE.shippingMethodId),
                      zone: anId(EXAMPLE.zoneId),
                      name: 'Express',
                      price: number(15),
                      freeOver: number(200),
                    },
                  ],
                },
              ],
              taxRates: eachLike({ _id: anId(EXAMPLE.rateId), country: 'US', region: '', name: string('Sales tax'), rate: number(5) }),
              discountCodes: [],
            }),
        ],
      },
      async () => {
        const pricing = await createShippingMethod({ zone: EXAMPLE.zoneId, name: 'Express', price: 15, freeOver: 200 });
        expect(pricing.zones).toHaveLength(1);
      },
    ));

  it('adds a tax rate, and refuses a second rate for the same country (409)', async () => {
    await interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from an admin to add a tax rate',
        request: [
          'POST',
          pathFromState(ApiRoute.taxRateCreate),
          (request) => request.headers(bearer()).jsonBody({ country: 'DE', name: 'MwSt', rate: 19 }),
        ],
        response: [
          201,
          (response) =>
            response.jsonBody({
              settings: { pricesIncludeTax: boolean(false) },
              zones: [],
              taxRates: [{ _id: anId(EXAMPLE.rateId), country: 'DE', region: '', name: 'MwSt', rate: number(19) }],
              discountCodes: [],
            }),
        ],
      },
      async () => {
        const pricing = await createTaxRate({ country: 'DE', name: 'MwSt', rate: 19 });
        expect(pricing.taxRates[0]).toMatchObject({ country: 'DE', rate: 19 });
      },
    );
    await interaction(
      {
        given: ['an admin exists', usShop],
        uponReceiving: 'a request from an admin to add a second tax rate for a country',
        request: [
          'POST',
          pathFromState(ApiRoute.taxRateCreate),
          (request) => request.headers(bearer()).jsonBody({ country: 'US', name: 'Again', rate: 6 }),
        ],
        response: [
          409,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.Conflict, 'US already has a tax rate; delete it first'),
              details: [{ field: 'country', message: string('already has a tax rate') }],
            }),
        ],
      },
      async () => {
        await expect(createTaxRate({ country: 'US', name: 'Again', rate: 6 })).rejects.toMatchObject({
          status: 409,
          body: { details: [{ field: 'country' }] },
        });
      },
    );
  });

  it('creates a discount code limited in uses', () =>
    interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from an admin to create a discount code',
        request: [
          'POST',
          pathFromState(ApiRoute.discountCodeCreate),
          (request) =>
            request.headers(bearer()).jsonBody({ code: 'Spring5', kind: 'fixed', value: 5, maxUses: 100, maxUsesPerCustomer: 1 }),
        ],
        response: [
          201,
          (response) =>
            response.jsonBody({
              settings: { pricesIncludeTax: boolean(false) },
              zones: [],
              taxRates: [],
              discountCodes: [
                {
                  _id: anId(EXAMPLE.codeId),
                  code: 'SPRING5',
                  kind: 'fixed',
                  value: number(5),
                  validFrom: null,
                  validUntil: null,
                  minSubtotal: null,
                  categories: [],
                  products: [],
                  maxUses: 100,
                  maxUsesPerCustomer: 1,
                  uses: 0,
                  discountGiven: 0,
                },
              ],
            }),
        ],
      },
      async () => {
        const pricing = await createDiscountCode({ code: 'Spring5', kind: 'fixed', value: 5, maxUses: 100, maxUsesPerCustomer: 1 });
        expect(pricing.discountCodes[0]).toMatchObject({ code: 'SPRING5', uses: 0 });
      },
    ));

  it('retires a discount code', () =>
    interaction(
      {
        given: ['an admin exists', saveCode],
        uponReceiving: 'a request from an admin to delete a discount code',
        request: ['DELETE', pathFromState(ApiRoute.discountCodeDelete), (request) => request.headers(bearer())],
        response: [
          200,
          (response) => response.jsonBody({ settings: { pricesIncludeTax: boolean(false) }, zones: [], taxRates: [], discountCodes: [] }),
        ],
      },
      async () => {
        expect((await deleteDiscountCode(EXAMPLE.codeId)).discountCodes).toEqual([]);
      },
    ));

  it('sets prices to include tax (an EU shop)', () =>
    interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from an admin to make prices include tax',
        request: [
          'PUT',
          pathFromState(ApiRoute.pricingSettings),
          (request) => request.headers(bearer()).jsonBody({ pricesIncludeTax: true }),
        ],
        response: [
          200,
          (response) => response.jsonBody({ settings: { pricesIncludeTax: true }, zones: [], taxRates: [], discountCodes: [] }),
        ],
      },
      async () => {
        expect((await savePricingSettings({ pricesIncludeTax: true })).settings).toEqual({ pricesIncludeTax: true });
      },
    ));
});
