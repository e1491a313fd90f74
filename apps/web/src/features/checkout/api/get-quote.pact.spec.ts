import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { PRICED_INPUTS, PRICED_TOTAL, pricedInputsJson, quoteJson, US_SHOP } from '@test/pact/checkout-bodies';
import { bearer, describeStoreApi, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { getQuote } from './get-quote';

const { number, string } = MatchersV3;

const interaction = describeStoreApi();

const usShop = ['a customer exists', ...US_SHOP] as const;

describe('quote', () => {
  it("prices the cart with the address's shipping method, the code and the tax", () =>
    interaction(
      {
        given: usShop,
        uponReceiving: 'a quote for a cart with a shipping method and a discount code',
        request: [
          'POST',
          pathFromState(ApiRoute.quote),
          (request) => request.headers(bearer()).jsonBody({ ...pricedInputsJson(), destination: { country: 'US' } }),
        ],
        response: [200, (response) => response.jsonBody(quoteJson())],
      },
      async () => {
        const quote = await getQuote({ ...PRICED_INPUTS, destination: { country: 'US' } });
        expect(quote).toMatchObject({ total: PRICED_TOTAL, discount: 2, shipping: 5, tax: 0.9, discountCode: 'SAVE10' });
      },
    ));

  it("names the country's regions with a tax rate of their own, and prices the region given at its rate", () =>
    interaction(
      {
        given: [...usShop.slice(0, 3), ['the region {region} of {country} taxes it at {rate}%', { region: 'NY', country: 'US', rate: 8 }]],
        uponReceiving: 'a quote for an address in a region with a tax rate of its own',
        request: [
          'POST',
          pathFromState(ApiRoute.quote),
          (request) =>
            request.headers(bearer()).jsonBody({
              products: [{ _id: idFromState('productId'), count: 1 }],
              destination: { country: 'US', region: 'NY' },
              shippingMethod: idFromState('shippingMethodId'),
            }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              // 19.99 + 5.00 + 1.60 (8% of 19.99, rounded half up)
              subtotal: number(19.99),
              shipping: number(5),
              tax: number(1.6),
              total: number(26.59),
              taxes: [{ name: string('NY sales tax'), rate: number(8), amount: number(1.6) }],
              taxRegions: ['NY'],
            }),
        ],
      },
      async () => {
        const quote = await getQuote({
          products: [{ _id: EXAMPLE.productId, count: 1 }],
          destination: { country: 'US', region: 'NY' },
          shippingMethod: EXAMPLE.shippingMethodId,
        });
        expect(quote).toMatchObject({ total: 26.59, taxRegions: ['NY'] });
      },
    ));

  it('says next to the code field why a code does not apply (400)', () =>
    interaction(
      {
        given: usShop,
        uponReceiving: 'a quote with an unknown discount code',
        request: [
          'POST',
          pathFromState(ApiRoute.quote),
          (request) =>
            request.headers(bearer()).jsonBody({
              products: [{ _id: idFromState('productId'), count: 1 }],
              destination: { country: 'US' },
              discountCode: 'NOPE',
            }),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              error: string('There is no discount code NOPE'),
              code: ErrorCode.ValidationFailed,
              details: [{ field: 'discountCode', message: string('There is no discount code NOPE') }],
            }),
        ],
      },
      async () => {
        await expect(
          getQuote({ products: [{ _id: EXAMPLE.productId, count: 1 }], destination: { country: 'US' }, discountCode: 'NOPE' }),
        ).rejects.toMatchObject({
          status: 400,
          body: { details: [{ field: 'discountCode' }] },
        });
      },
    ));

  it('says before any payment that the country has no shipping method (400)', () =>
    interaction(
      {
        given: usShop,
        uponReceiving: 'a quote for a country the shop does not ship to',
        request: [
          'POST',
          pathFromState(ApiRoute.quote),
          (request) =>
            request.headers(bearer()).jsonBody({ products: [{ _id: idFromState('productId'), count: 1 }], destination: { country: 'FR' } }),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              error: string('We do not ship to France yet'),
              code: ErrorCode.ValidationFailed,
              details: [{ field: 'destination.country', message: string('We do not ship to France yet') }],
            }),
        ],
      },
      async () => {
        await expect(getQuote({ products: [{ _id: EXAMPLE.productId, count: 1 }], destination: { country: 'FR' } })).rejects.toMatchObject({
          status: 400,
          body: { details: [{ field: 'destination.country' }] },
        });
      },
    ));
});
